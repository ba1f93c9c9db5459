import Box from '@mui/material/Box';

/**
 * What the till just learned, read out by screen readers (a polite status region, visually hidden):
 * a checked voucher's verdict, the totals, a redemption's reference, an undo.
 */
export function LiveRegion({ message }: { message: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="till-announcement"
      sx={{
        position: 'absolute',
        // Strings: in sx a bare 1 means 100 %.
        width: '1px',
        height: '1px',
        p: 0,
        m: '-1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
        border: 0,
      }}
    >
      {message}
    </Box>
  );
}
