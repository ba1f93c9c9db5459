import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A credits screen's heading: who is looking, the title and a line on the left, the screen's action on the right. */
export function CreditsHeading({
  overline,
  title,
  intro,
  action,
}: {
  overline: string;
  title: string;
  intro: string;
  action: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mb: { xs: 3, md: 4 }, justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
    >
      <Box>
        <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
          {overline}
        </Typography>
        <Typography variant="h3" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {intro}
        </Typography>
      </Box>
      {action}
    </Stack>
  );
}
