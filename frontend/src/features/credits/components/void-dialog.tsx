import type { CreditTransaction } from '@avpass/contracts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { useVoidTransaction } from '../api/mutations';
import { Money } from './credit-bits';

/** The void prompt: a reason is needed; Cancel, or Void with nothing typed, does nothing. */
export function VoidDialog({
  transaction,
  onClose,
}: {
  transaction: CreditTransaction | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={transaction !== null}
      onClose={onClose}
      aria-labelledby="void-title"
      maxWidth="xs"
      fullWidth
    >
      {transaction && <VoidForm key={transaction.id} transaction={transaction} onClose={onClose} />}
    </Dialog>
  );
}

function VoidForm({ transaction, onClose }: { transaction: CreditTransaction; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const voider = useVoidTransaction();
  const { toast } = useToast();

  const confirm = () => {
    if (!reason.trim()) return onClose();
    voider.mutate(
      { id: transaction.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Transaction voided successfully' });
          onClose();
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessageOf(error, 'Failed to void transaction'),
            kind: 'destructive',
          }),
      },
    );
  };

  return (
    <>
      <DialogTitle id="void-title">Void this transaction?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          <Money cents={transaction.amount} strong /> for {transaction.athleteName} ({transaction.description}
          ) goes back to the credit. A void cannot be undone.
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          label="Reason for voiding"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') confirm();
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={voider.isPending}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={confirm}
          disabled={voider.isPending}
          startIcon={voider.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Void
        </Button>
      </DialogActions>
    </>
  );
}
