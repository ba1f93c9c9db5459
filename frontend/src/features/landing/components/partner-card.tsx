import type { PublicPartner } from '@avpass/contracts';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PartnerLogo } from '@/components/brand/partner-logo';
import { useT } from '@/i18n/i18n';

/** A badge whose words wrap in its card (longer in some languages) instead of being cut. */
const WRAPPING_CHIP = {
  maxWidth: '100%',
  height: 'auto',
  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
} as const;

const hoverLift = {
  '&:hover': { transform: 'translateY(-4px)' },
} as const;

function Figure({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        aria-hidden
        sx={(theme) => ({
          width: 36,
          height: 36,
          flexShrink: 0,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          backgroundColor: theme.palette.teal[50],
          color: theme.palette.teal[700],
        })}
      >
        {icon}
      </Box>
      <Box>
        <Typography sx={{ fontWeight: 800, fontSize: '1.15rem', lineHeight: 1.1 }}>
          {value.toLocaleString('en-US')}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', fontWeight: 600, lineHeight: 1.3 }}
        >
          {label}
        </Typography>
      </Box>
    </Box>
  );
}

/** One of the first three partners: a large card. */
export function FeaturedPartnerCard({ partner }: { partner: PublicPartner }) {
  const t = useT();
  return (
    <Card
      component="article"
      data-testid="featured-partner"
      sx={(theme) => ({
        height: '100%',
        position: 'relative',
        '&:hover': { boxShadow: theme.brand.cardShadowHover, ...hoverLift['&:hover'] },
      })}
    >
      <Box aria-hidden sx={(theme) => ({ height: 6, backgroundImage: theme.brand.accentGradient })} />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
          <PartnerLogo name={partner.name} logoUrl={partner.logoUrl} size={72} />
          <Chip
            size="small"
            icon={<StarRoundedIcon />}
            label={t('landing.card.featured')}
            sx={(theme) => ({
              backgroundColor: theme.palette.navy[900],
              color: theme.palette.common.white,
              '& .MuiChip-icon': { color: theme.palette.warning.main },
            })}
          />
        </Box>
        <Box>
          {/* A long name wraps (any word may break) instead of being cut: it is the partner's identity. */}
          <Typography variant="h5" component="h4" sx={{ overflowWrap: 'anywhere' }}>
            {partner.name}
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
            {partner.contactInfo || t('landing.card.blurb')}
          </Typography>
        </Box>
        <Box
          sx={(theme) => ({
            mt: 'auto',
            pt: 2.5,
            borderTop: `1px solid ${theme.palette.divider}`,
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gap: 2,
          })}
        >
          <Figure
            icon={<LocalOfferOutlinedIcon fontSize="small" />}
            value={partner.activeOffers}
            label={t('landing.card.activeOffers')}
          />
          <Figure
            icon={<QrCode2RoundedIcon fontSize="small" />}
            value={partner.totalQrCodes}
            label={t('landing.card.totalVouchers')}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

/** Every partner after the first three: a compact card with an 'N Active' badge ('Offers coming' at 0). */
export function PartnerCard({ partner }: { partner: PublicPartner }) {
  const t = useT();
  return (
    <Card
      component="article"
      data-testid="partner"
      sx={(theme) => ({
        height: '100%',
        '&:hover': { boxShadow: theme.brand.cardShadowHover, ...hoverLift['&:hover'] },
      })}
    >
      <CardContent
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, p: 2.5, '&:last-child': { pb: 2.5 } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <PartnerLogo name={partner.name} logoUrl={partner.logoUrl} size={48} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="subtitle1" component="h4" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
              {partner.name}
            </Typography>
            {partner.activeOffers > 0 ? (
              <Chip
                size="small"
                label={t('landing.card.active', { count: partner.activeOffers })}
                sx={(theme) => ({
                  ...WRAPPING_CHIP,
                  backgroundColor: theme.palette.teal[100],
                  color: theme.palette.teal[700],
                })}
              />
            ) : (
              // Issue 44: a partner without a current offer says so in words, not "0 Active".
              <Chip
                size="small"
                variant="outlined"
                label={t('landing.card.offersComing')}
                sx={WRAPPING_CHIP}
                data-testid="offers-coming"
              />
            )}
          </Box>
        </Box>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {partner.contactInfo || t('landing.card.blurb')}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
          <Box component="strong" sx={{ color: 'text.primary' }}>
            {partner.totalQrCodes.toLocaleString('en-US')}
          </Box>{' '}
          {t('landing.card.totalVouchers')}
        </Typography>
      </CardContent>
    </Card>
  );
}
