import type { Allocation } from '@avpass/contracts';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormDialog, NotesField } from '@/components/feedback/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
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
  const t = useT();
  const { toast } = useToast();
  const update = useUpdateUsage();
  const [used, setUsed] = useState(String(allocation.usedQuantity));
  const [notes, setNotes] = useState(allocation.notes ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    if (!used.trim()) return setError(t('inventory.usage.required'));
    const value = Number(used);
    if (!Number.isInteger(value) || value < 0) return setError(t('inventory.usage.invalid'));
    if (value > allocation.quantity) {
      setError(t('inventory.usage.overAllocated'));
      toast({
        title: t('inventory.usage.invalidTitle'),
        description: t('inventory.usage.overAllocated'),
        kind: 'destructive',
      });
      return;
    }
    setError(null);
    update.mutate(
      { id: allocation.id, usedQuantity: value, notes },
      {
        onSuccess: () => {
          toast({ title: t('inventory.usage.done') });
          onClose();
        },
        onError: (e) =>
          toast({
            title: t('inventory.error'),
            description: apiErrorText(e, t('inventory.usage.failed')),
            kind: 'destructive',
          }),
      },
    );
  }

  return (
    <FormDialog
      title={t('inventory.usage.title')}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('inventory.usage.intro', {
            name: allocation.item.name,
            size: allocation.size,
            quantity: allocation.quantity,
          })}
        </Typography>
      }
      submitLabel={t('inventory.usage.submit')}
      pending={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('inventory.usage.used')}
        required
        type="number"
        value={used}
        onChange={(e) => setUsed(e.target.value)}
        error={!!error}
        helperText={error ?? t('inventory.usage.help', { max: allocation.quantity ?? 0 })}
        slotProps={{ htmlInput: { min: 0, max: allocation.quantity, step: 1 } }}
      />
      <NotesField value={notes} onChange={setNotes} />
    </FormDialog>
  );
}
