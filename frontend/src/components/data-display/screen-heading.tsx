import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A screen's heading (statements, members): the overline (who is looking, or what kind of page), the
 * title and a line; the screen's actions on the right, below on a phone.
 */
export function ScreenHeading({
  overline,
  title,
  intro,
  action,
}: {
  overline: string;
  title: string;
  intro?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mb: { xs: 3, md: 4 }, justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
          {overline}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {intro}
          </Typography>
        )}
      </Box>
      {action}
    </Stack>
  );
}
