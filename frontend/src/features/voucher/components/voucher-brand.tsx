import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { TRAINER_MEMBER_TEXT } from '@avpass/contracts/voucher-text';
import type { VoucherView } from '../lib/voucher-view';

/**
 * A picture in a frame, or `fallback` when there is none or it fails to load. The frame's style may
 * depend on which it shows (`showImage`).
 */
function PictureOr({
  src,
  alt,
  fit,
  frame,
  fallback,
}: {
  src: string | null;
  alt: string;
  fit: 'contain' | 'cover';
  frame: (showImage: boolean) => SxProps<Theme>;
  fallback: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  const showImage = Boolean(src) && !failed;
  return (
    <Box sx={frame(showImage)}>
      {showImage ? (
        <Box
          component="img"
          src={src ?? undefined}
          alt={alt}
          onError={() => setFailed(true)}
          sx={{ width: '100%', height: '100%', objectFit: fit, p: fit === 'contain' ? 1 : 0 }}
        />
      ) : (
        fallback
      )}
    </Box>
  );
}

/** The partner's logo, or its initials on an accent tile when there is none (or it fails to load). */
export function VoucherLogo({
  logoUrl,
  title,
  initials,
}: {
  logoUrl: string | null;
  title: string;
  initials: string;
}) {
  return (
    <PictureOr
      src={logoUrl}
      alt={`${title} logo`}
      fit="contain"
      frame={(showImage) => (theme) => ({
        width: 76,
        height: 76,
        flexShrink: 0,
        borderRadius: 4,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        backgroundColor: theme.palette.background.paper,
        backgroundImage: showImage ? 'none' : theme.brand.accentGradient,
        boxShadow: theme.brand.cardShadow,
        border: `2px solid ${theme.brand.glassBorder}`,
      })}
      fallback={
        <Typography
          role="img"
          aria-label={`${title} initials`}
          data-testid="voucher-initials"
          sx={(theme) => ({
            fontFamily: theme.typography.h1.fontFamily,
            fontWeight: 900,
            fontSize: '1.9rem',
            letterSpacing: '-0.03em',
            color: theme.palette.navy[950],
          })}
        >
          {initials}
        </Typography>
      }
    />
  );
}

/**
 * The trainer's round photo, or the initials when there is none (or it fails to load). A plain element
 * rather than MUI's Avatar: the voucher page's JavaScript budget (issue 28).
 */
function TrainerPhoto({ image, name, initials }: { image: string | null; name: string; initials: string }) {
  return (
    <PictureOr
      src={image}
      alt={name}
      fit="cover"
      frame={() => (theme) => ({
        width: 76,
        height: 76,
        flexShrink: 0,
        borderRadius: '50%',
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        fontSize: '1.6rem',
        fontFamily: theme.typography.fontFamily,
        backgroundImage: theme.brand.accentGradient,
        color: theme.palette.navy[950],
        border: `3px solid ${theme.palette.secondary.light}`,
      })}
      fallback={initials}
    />
  );
}

/** Trainer vouchers: the trainer's photo, name, role and membership line. */
export function TrainerHeader({
  trainer,
  initials,
}: {
  trainer: NonNullable<VoucherView['trainer']>;
  initials: string;
}) {
  return (
    <Box data-testid="trainer-header" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <TrainerPhoto image={trainer.image} name={trainer.name} initials={initials} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="p" sx={{ color: 'common.white', lineHeight: 1.2 }}>
          {trainer.name}
        </Typography>
        <Typography sx={(theme) => ({ color: theme.palette.secondary.light, fontWeight: 700 })}>
          {trainer.roleLabel}
        </Typography>
        <Typography variant="caption" sx={(theme) => ({ color: theme.brand.onDarkMuted, fontWeight: 600 })}>
          {TRAINER_MEMBER_TEXT}
        </Typography>
      </Box>
    </Box>
  );
}
