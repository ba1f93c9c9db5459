import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function EmptyState({ title, text }: { title: string; text?: string }) {
  return (
    <Stack spacing={1} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
      <Inventory2OutlinedIcon color="disabled" sx={{ fontSize: 44 }} />
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {text && <Typography color="text.secondary">{text}</Typography>}
    </Stack>
  );
}
