import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useT } from '@/i18n/i18n';

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
  const t = useT();
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
        <Button onClick={onClose}>{t('staff.dialog.cancel')}</Button>
        <Button variant="contained" disabled={pending} onClick={onSubmit}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The optional free-text notes of a form. */
export function NotesField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  return (
    <TextField
      label={t('staff.form.notes')}
      multiline
      minRows={2}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
