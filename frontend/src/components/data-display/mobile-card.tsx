import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * One row of a table as a card, for phones: a header line, label/value pairs in two columns, and
 * actions underneath. Tables scroll sideways on a phone; the cards do not.
 */
export function MobileCard({
  header,
  fields,
  actions,
  testId,
  dataAttributes,
}: {
  header: ReactNode;
  fields: ReadonlyArray<readonly [string, ReactNode]>;
  actions?: ReactNode;
  testId?: string;
  dataAttributes?: Record<`data-${string}`, string>;
}) {
  return (
    <Box
      data-testid={testId}
      {...dataAttributes}
      sx={(theme) => ({
        p: 2,
        borderRadius: 3,
        border: `1px solid ${theme.palette.divider}`,
        bgcolor: 'background.paper',
      })}
    >
      {header}
      <Box
        component="dl"
        sx={{ m: 0, mt: 1.5, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25, columnGap: 2 }}
      >
        {fields.map(([label, value]) => (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {actions && (
        <Box sx={{ mt: 1.5, pt: 1.5, borderTop: (theme) => `1px solid ${theme.palette.divider}` }}>
          {actions}
        </Box>
      )}
    </Box>
  );
}
