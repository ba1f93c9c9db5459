import type { QrCode } from '@avpass/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { PartnerChecklist } from '@/components/form/partner-checklist';
import { useAssignPartners, useQrCodePartners } from '@/lib/vouchers-api';
import { errorMessageOf } from '@/lib/api-client';
import { shortId } from '@/lib/code-display';

/**
 * 'Assign QR Code to Partners' (spec section 2): the partner directory, searched and paged, with a
 * checkbox each and the current assignment ticked; Assign Partners replaces the set.
 */
export function AssignPartnersDialog({ code, onClose }: { code: QrCode | null; onClose: () => void }) {
  return (
    <Dialog open={code !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="assign-title">
      <DialogTitle id="assign-title">Assign QR Code to Partners</DialogTitle>
      {code && <AssignBody key={code.id} code={code} onClose={onClose} />}
    </Dialog>
  );
}

function AssignBody({ code, onClose }: { code: QrCode; onClose: () => void }) {
  const current = useQrCodePartners(code.id);

  const intro = (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {code.customTitle || code.clinicName} · {shortId(code.id)}. Partners see assigned codes on their
      dashboard.
    </Typography>
  );

  if (current.isPending) {
    return (
      <>
        <DialogContent>
          {intro}
          <Box
            role="status"
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4, justifyContent: 'center' }}
          >
            <CircularProgress size={24} />
            <Typography color="text.secondary">Loading partners...</Typography>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
        </DialogActions>
      </>
    );
  }
  if (current.isError) {
    return (
      <>
        <DialogContent>
          {intro}
          <Alert severity="error">{errorMessageOf(current.error, 'Partners could not be loaded.')}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
        </DialogActions>
      </>
    );
  }
  return (
    <AssignForm
      code={code}
      intro={intro}
      assigned={current.data.filter((row) => row.isActive).map((row) => row.partnerId)}
      onClose={onClose}
    />
  );
}

function AssignForm({
  code,
  intro,
  assigned,
  onClose,
}: {
  code: QrCode;
  intro: ReactNode;
  assigned: string[];
  onClose: () => void;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(assigned));
  const assign = useAssignPartners();
  const { toast } = useToast();

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = () => {
    assign.mutate(
      { id: code.id, partnerIds: [...selected] },
      {
        onSuccess: () => {
          toast({
            title: 'Partners Assigned',
            description:
              selected.size === 0
                ? 'The QR code is no longer assigned to any partner.'
                : `The QR code is assigned to ${selected.size} partner${selected.size === 1 ? '' : 's'}.`,
          });
          onClose();
        },
        onError: (error) =>
          toast({
            title: 'Assignment Failed',
            description: errorMessageOf(error, 'Failed to assign partners to QR code.'),
            kind: 'destructive',
          }),
      },
    );
  };

  return (
    <>
      <DialogContent>
        {intro}
        <PartnerChecklist selected={selected} onToggle={toggle} disabled={assign.isPending} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={assign.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={assign.isPending}
          startIcon={assign.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Assign Partners
        </Button>
      </DialogActions>
    </>
  );
}
