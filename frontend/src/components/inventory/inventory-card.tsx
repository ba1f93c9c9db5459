import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * One row of an inventory table as a card, for phones (issue 27: tables turn into cards): a header,
 * the columns as a description list, and the row's actions.
 */
export function InventoryCard({
  testId,
  header,
  fields,
  actions,
  dimmed = false,
}: {
  testId: string;
  header: ReactNode;
  fields: [string, ReactNode][];
  actions?: ReactNode;
  dimmed?: boolean;
}) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ p: 2, opacity: dimmed ? 0.6 : 1 }}>
      {header}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}
      >
        {fields.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {actions && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', mt: 1.5 }}>
          {actions}
        </Box>
      )}
    </Card>
  );
}
