import { USED_OVER_ALLOCATED, type Allocation } from '@avpass/contracts';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormDialog, NotesField } from '@/components/feedback/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { useUpdateUsage } from '@/lib/inventory-api';

/** Update Usage: 0 <= used <= allocated (spec section 5). */
export function UpdateUsageDialog({
  allocation,
  onClose,
}: {
  allocation: Allocation | null;
  onClose: () => void;
}) {
  // Mounted per allocation, so the form starts from its current usage.
  return allocation ? (
    <UpdateUsageDialogBody key={allocation.id} allocation={allocation} onClose={onClose} />
  ) : null;
}

function UpdateUsageDialogBody({ allocation, onClose }: { allocation: Allocation; onClose: () => void }) {
  const { toast } = useToast();
  const update = useUpdateUsage();
  const [used, setUsed] = useState(String(allocation.usedQuantity));
  const [notes, setNotes] = useState(allocation.notes ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    if (!used.trim()) return setError('Quantity is required');
    const value = Number(used);
    if (!Number.isInteger(value) || value < 0) return setError('Must be a valid number');
    if (value > allocation.quantity) {
      setError(USED_OVER_ALLOCATED);
      toast({ title: 'Invalid quantity', description: USED_OVER_ALLOCATED, kind: 'destructive' });
      return;
    }
    setError(null);
    update.mutate(
      { id: allocation.id, usedQuantity: value, notes },
      {
        onSuccess: () => {
          toast({ title: 'Usage updated' });
          onClose();
        },
        onError: (e) =>
          toast({
            title: 'Error',
            description: errorMessageOf(e, 'Failed to update usage'),
            kind: 'destructive',
          }),
      },
    );
  }

  return (
    <FormDialog
      title="Update Usage"
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {allocation.item.name} · Size {allocation.size} — {allocation.quantity} allocated
        </Typography>
      }
      submitLabel="Save Usage"
      pending={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Used quantity"
        required
        type="number"
        value={used}
        onChange={(e) => setUsed(e.target.value)}
        error={!!error}
        helperText={error ?? `Between 0 and ${allocation.quantity ?? 0}`}
        slotProps={{ htmlInput: { min: 0, max: allocation.quantity, step: 1 } }}
      />
      <NotesField value={notes} onChange={setNotes} />
    </FormDialog>
  );
}
