import type { PublicVoucher } from '@avpass/contracts';
import type { VoucherText } from '@avpass/contracts/voucher-text';
import { TRAINER_MEMBER_TEXT } from '@avpass/contracts/voucher-text';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PartnerLogo } from '@/components/brand/partner-logo';

/**
 * The top of the till's voucher card, as the member's pass shows it: the trainer's photo, name and
 * role for a trainer code, else the partner's logo; then the title, the partner type and the discount.
 */
export function VoucherHeader({ voucher, text }: { voucher: PublicVoucher; text: VoucherText }) {
  return (
    <Box
      sx={(theme) => ({
        px: 2.5,
        py: 2,
        backgroundImage: theme.brand.ctaGradient,
        color: theme.palette.common.white,
      })}
    >
      {text.trainer ? (
        <Box data-testid="till-trainer-header" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Avatar
            src={voucher.trainerImage ?? undefined}
            alt={text.trainer.name}
            sx={(theme) => ({
              width: 64,
              height: 64,
              backgroundImage: theme.brand.accentGradient,
              color: theme.palette.navy[950],
              border: `3px solid ${theme.palette.secondary.light}`,
            })}
          >
            {text.initials}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p" sx={{ color: 'common.white', lineHeight: 1.2 }}>
              {text.trainer.name}
            </Typography>
            <Typography sx={(theme) => ({ color: theme.palette.secondary.light, fontWeight: 700 })}>
              {text.trainer.roleLabel}
            </Typography>
            <Typography
              variant="caption"
              sx={(theme) => ({ color: theme.brand.onDarkMuted, fontWeight: 600 })}
            >
              {TRAINER_MEMBER_TEXT}
            </Typography>
          </Box>
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: text.trainer ? 1.5 : 0 }}>
        {!text.trainer && <PartnerLogo name={text.title} logoUrl={voucher.logoUrl} size={52} />}
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id="till-voucher-title"
            variant="h5"
            component="h2"
            data-testid="till-voucher-title"
            sx={{ color: 'common.white', overflowWrap: 'anywhere', lineHeight: 1.2 }}
          >
            {text.title}
          </Typography>
          <Typography sx={(theme) => ({ color: theme.brand.onDarkMuted, fontWeight: 600, lineHeight: 1.3 })}>
            {text.partnerName ? `${text.partnerName} · ${text.partnerTypeText}` : text.partnerTypeText}
          </Typography>
        </Box>
      </Box>
      <Box
        data-testid="till-voucher-discount"
        sx={(theme) => ({
          display: 'inline-flex',
          mt: 1.5,
          px: 2,
          py: 0.5,
          borderRadius: 999,
          backgroundImage: theme.brand.accentGradient,
          color: theme.palette.navy[950],
          fontWeight: 900,
          fontSize: '1.4rem',
          lineHeight: 1.1,
        })}
      >
        {text.discountText}
      </Box>
    </Box>
  );
}
