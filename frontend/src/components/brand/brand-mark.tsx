import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/lib/visually-hidden';

interface BrandMarkProps {
  /** Text beside the mark; defaults to the product name; empty for the mark alone. */
  label?: string;
  size?: 'small' | 'medium';
  /** On a phone the word mark is for screen readers only (a header whose buttons need the room). */
  labelFromTablet?: boolean;
}

/** The AV Pass monogram: a navy tile with an accent dot, plus a word mark. */
/** The brand's mark: the same in every language. */
const BRAND_MARK = 'AV';

export function BrandMark({ label = 'AV Pass', size = 'medium', labelFromTablet = false }: BrandMarkProps) {
  const tile = size === 'small' ? 32 : 38;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box
        aria-hidden
        sx={(theme) => ({
          position: 'relative',
          flexShrink: 0,
          width: tile,
          height: tile,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          backgroundColor: theme.palette.navy[700],
          border: `1px solid ${theme.brand.glassBorder}`,
          color: theme.palette.common.white,
          fontFamily: theme.typography.h1.fontFamily,
          fontWeight: 900,
          fontSize: tile * 0.42,
          letterSpacing: '-0.04em',
          '&::after': {
            content: '""',
            position: 'absolute',
            top: -3,
            right: -3,
            width: 10,
            height: 10,
            borderRadius: '50%',
            backgroundImage: theme.brand.accentGradient,
            boxShadow: theme.brand.accentGlow,
          },
        })}
      >
        {BRAND_MARK}
      </Box>
      {label && (
        <Typography
          component="span"
          noWrap
          sx={(theme) => ({
            fontFamily: theme.typography.h1.fontFamily,
            fontWeight: 800,
            fontSize: size === 'small' ? '1.05rem' : '1.2rem',
            letterSpacing: '-0.01em',
            ...(labelFromTablet && { [theme.breakpoints.down('sm')]: visuallyHidden }),
          })}
        >
          {label}
        </Typography>
      )}
    </Box>
  );
}
