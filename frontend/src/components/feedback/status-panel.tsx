import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Tone = 'neutral' | 'error' | 'accent';

interface StatusPanelProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  tone?: Tone;
  /** Set on dark sections (the landing page partners band). */
  onDark?: boolean;
  testId?: string;
}

/** The designed empty / error / denied state: an icon in a soft disc, a title, a line, an optional action. */
export function StatusPanel({
  icon,
  title,
  description,
  action,
  tone = 'neutral',
  onDark = false,
  testId,
}: StatusPanelProps) {
  return (
    <Box
      data-testid={testId}
      role={tone === 'error' ? 'alert' : undefined}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        px: 3,
        py: { xs: 5, sm: 7 },
        borderRadius: 4,
        border: `1px dashed ${onDark ? theme.brand.glassBorder : theme.palette.divider}`,
        backgroundColor: onDark ? theme.brand.glass : theme.palette.background.paper,
      })}
    >
      <Box
        aria-hidden
        sx={(theme) => ({
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          mb: 1,
          '& svg': { fontSize: 32 },
          ...(tone === 'error'
            ? { backgroundColor: theme.palette.error.light, color: theme.palette.error.main }
            : tone === 'accent'
              ? { backgroundColor: theme.palette.teal[100], color: theme.palette.teal[700] }
              : {
                  backgroundColor: onDark ? theme.brand.glass : theme.palette.navy[50],
                  color: onDark ? theme.palette.secondary.light : theme.palette.navy[600],
                }),
        })}
      >
        {icon}
      </Box>
      <Typography
        variant="h5"
        component="p"
        sx={(theme) => ({ color: onDark ? theme.palette.common.white : undefined })}
      >
        {title}
      </Typography>
      {description && (
        <Typography
          variant="body2"
          sx={(theme) => ({
            maxWidth: 440,
            color: onDark ? theme.brand.onDarkMuted : theme.palette.text.secondary,
          })}
        >
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 1.5 }}>{action}</Box>}
    </Box>
  );
}
