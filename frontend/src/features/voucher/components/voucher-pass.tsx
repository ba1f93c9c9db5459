import type { PublicVoucher } from '@avpass/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { VoucherView } from '../lib/voucher-view';
import { TrainerHeader, VoucherLogo } from './voucher-brand';
import { VoucherPlaces } from './voucher-places';
import { VoucherTillCode } from './voucher-till-code';
import { VoucherStatusBadge } from './voucher-status-badge';

function Detail({
  label,
  children,
  testId,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  testId: string;
  /** Across both columns. The Detail itself is the <dl>'s child (a <div> of one <dt> and <dd>, for axe). */
  wide?: boolean;
}) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0, ...(wide ? { gridColumn: '1 / -1' } : {}) }}>
      <Typography
        variant="overline"
        component="dt"
        sx={{ display: 'block', color: 'text.secondary', fontSize: '0.68rem', lineHeight: 1.6 }}
      >
        {label}
      </Typography>
      <Box
        component="dd"
        sx={{ m: 0, fontWeight: 700, fontSize: '1.05rem', lineHeight: 1.35, overflowWrap: 'anywhere' }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** The perforation between the pass's header and its stub: a dashed line with notches cut at both ends. */
function Perforation() {
  const notch = (side: 'left' | 'right') =>
    ({
      content: '""',
      position: 'absolute',
      top: -14,
      [side]: -14,
      width: 28,
      height: 28,
      borderRadius: '50%',
    }) as const;
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        position: 'relative',
        height: 0,
        mx: 2.5,
        borderTop: `2px dashed ${theme.palette.divider}`,
        '&::before': { ...notch('left'), left: -34, backgroundColor: theme.palette.navy[900] },
        '&::after': { ...notch('right'), right: -34, backgroundColor: theme.palette.navy[900] },
      })}
    />
  );
}

function TextSection({ title, children, testId }: { title: string; children: string; testId: string }) {
  return (
    <Box component="section" data-testid={testId} aria-label={title}>
      <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', fontSize: '0.7rem' }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', color: 'text.primary' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The voucher as a pass: brand header, discount, the details a cashier checks, and the action area. */
export function VoucherPass({
  voucher,
  view,
  action,
}: {
  voucher: PublicVoucher;
  view: VoucherView;
  action: ReactNode;
}) {
  // A staff-only code that can be used now: the QR large where Redeem would be (issue 25).
  const tillQr = view.staffOnly && voucher.status === 'active';
  return (
    <Card
      component="article"
      aria-labelledby="voucher-title"
      data-testid="voucher-card"
      sx={{ overflow: 'visible', border: 'none', boxShadow: '0 24px 60px -20px rgba(0,0,0,0.55)' }}
    >
      <Box
        sx={(theme) => ({
          position: 'relative',
          px: { xs: 2.5, sm: 3.5 },
          pt: 3,
          pb: 3.5,
          borderTopLeftRadius: 18,
          borderTopRightRadius: 18,
          backgroundImage: theme.brand.ctaGradient,
          color: theme.palette.common.white,
          overflow: 'hidden',
        })}
      >
        {view.trainer ? (
          <TrainerHeader trainer={view.trainer} initials={view.initials} />
        ) : (
          <VoucherLogo logoUrl={voucher.logoUrl} title={view.title} initials={view.initials} />
        )}
        <Typography
          id="voucher-title"
          variant="h4"
          component="h1"
          data-testid="voucher-title"
          sx={{ mt: 2.5, color: 'common.white', overflowWrap: 'anywhere' }}
        >
          {view.title}
        </Typography>
        <Typography
          data-testid="voucher-partner-type"
          sx={(theme) => ({ color: theme.brand.onDarkMuted, fontWeight: 600, mt: 0.5 })}
        >
          {view.partnerTypeText}
        </Typography>
        <Box
          data-testid="voucher-discount"
          sx={(theme) => ({
            display: 'inline-flex',
            mt: 2.5,
            px: 2.25,
            py: 1,
            borderRadius: 999,
            backgroundImage: theme.brand.accentGradient,
            boxShadow: theme.brand.accentGlow,
            color: theme.palette.navy[950],
            fontFamily: theme.typography.h1.fontFamily,
            fontWeight: 900,
            fontSize: '1.6rem',
            lineHeight: 1.1,
            letterSpacing: '-0.01em',
          })}
        >
          {view.discountText}
        </Box>
      </Box>

      <Box sx={{ backgroundColor: 'background.paper', pt: 0.25 }}>
        <Perforation />
      </Box>

      <Box
        sx={{
          backgroundColor: 'background.paper',
          px: { xs: 2.5, sm: 3.5 },
          pt: 3,
          pb: 3,
          borderBottomLeftRadius: 18,
          borderBottomRightRadius: 18,
          display: 'flex',
          flexDirection: 'column',
          gap: 2.5,
        }}
      >
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 2 }}
        >
          <Detail label="SERVICE" testId="voucher-service" wide>
            {view.serviceText}
          </Detail>
          <Detail label="VALID UNTIL" testId="voucher-valid-until">
            {view.validUntilText}
          </Detail>
          <Detail label="USAGE" testId="voucher-usage">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <span>{view.usageText}</span>
              <VoucherStatusBadge status={voucher.status} />
            </Box>
          </Detail>
        </Box>

        <VoucherPlaces voucher={voucher} />

        {view.redemptionInstructions && (
          <Box
            sx={(theme) => ({
              p: 2,
              borderRadius: 3,
              backgroundColor: theme.palette.teal[50],
              border: `1px solid ${theme.palette.teal[100]}`,
            })}
          >
            <TextSection title="REDEMPTION INSTRUCTIONS" testId="voucher-instructions">
              {view.redemptionInstructions}
            </TextSection>
          </Box>
        )}

        {view.terms && (
          <TextSection title="TERMS & CONDITIONS" testId="voucher-terms">
            {view.terms}
          </TextSection>
        )}

        {tillQr && <VoucherTillCode url={voucher.qrUrl} shortCode={view.shortCode} staffOnly />}

        {action}

        {/* Used up: no code to show at the till (the notice above says where and when it was used). */}
        {!tillQr && voucher.status !== 'used_up' && (
          <VoucherTillCode url={voucher.qrUrl} shortCode={view.shortCode} />
        )}
      </Box>
    </Card>
  );
}
