import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

interface LoadingStateProps {
  message: string;
  /** Fill the viewport (route-level checks) instead of a section. */
  fullPage?: boolean;
}

export function LoadingState({ message, fullPage = false }: LoadingStateProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        py: fullPage ? 0 : 8,
        minHeight: fullPage ? '70vh' : undefined,
        textAlign: 'center',
      }}
    >
      <CircularProgress size={36} thickness={4.5} />
      <Typography variant="body1" color="text.secondary" sx={{ fontWeight: 600 }}>
        {message}
      </Typography>
    </Box>
  );
}
