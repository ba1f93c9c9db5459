import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

/**
 * A small form in a dialog: its fields stacked under the title (and an `intro` line), Cancel and the
 * submit button, which waits while `pending`.
 */
export function FormDialog({
  title,
  intro,
  submitLabel,
  pending,
  onSubmit,
  onClose,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {intro}
        <Stack spacing={2} sx={intro ? undefined : { pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={pending} onClick={onSubmit}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The optional free-text notes of a form. */
export function NotesField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Notes (optional)"
      multiline
      minRows={2}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
