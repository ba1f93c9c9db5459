import Link from '@mui/material/Link';
import { useT } from '@/i18n/i18n';

/** Keyboard users jump past the navigation bar. */
export function SkipLink() {
  const t = useT();
  return (
    <Link
      href="#main-content"
      sx={(theme) => ({
        position: 'absolute',
        left: 12,
        top: -64,
        zIndex: theme.zIndex.tooltip,
        px: 2,
        py: 1,
        borderRadius: 2,
        backgroundColor: theme.palette.secondary.main,
        color: theme.palette.secondary.contrastText,
        '&:focus': { top: 12 },
      })}
    >
      {t('layout.skipLink')}
    </Link>
  );
}
