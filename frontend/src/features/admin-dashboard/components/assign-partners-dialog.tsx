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
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { shortId } from '@/lib/code-display';

/**
 * 'Assign QR Code to Partners' (spec section 2): the partner directory, searched and paged, with a
 * checkbox each and the current assignment ticked; Assign Partners replaces the set.
 */
export function AssignPartnersDialog({ code, onClose }: { code: QrCode | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={code !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="assign-title">
      <DialogTitle id="assign-title">{t('dashboard.assign.title')}</DialogTitle>
      {code && <AssignBody key={code.id} code={code} onClose={onClose} />}
    </Dialog>
  );
}

function AssignBody({ code, onClose }: { code: QrCode; onClose: () => void }) {
  const current = useQrCodePartners(code.id);
  const t = useT();

  const intro = (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {t('dashboard.assign.intro', { title: code.customTitle || code.clinicName, id: shortId(code.id) })}
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
            <Typography color="text.secondary">{t('dashboard.assign.loading')}</Typography>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('dashboard.cancel')}</Button>
        </DialogActions>
      </>
    );
  }
  if (current.isError) {
    return (
      <>
        <DialogContent>
          {intro}
          <Alert severity="error">{apiErrorText(current.error, t('dashboard.assign.loadFailed'))}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('dashboard.cancel')}</Button>
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
  const t = useT();

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
            title: t('dashboard.assign.done'),
            description:
              selected.size === 0
                ? t('dashboard.assign.doneNone')
                : t('dashboard.assign.doneText', { count: selected.size }),
          });
          onClose();
        },
        onError: (error) =>
          toast({
            title: t('dashboard.assign.failed'),
            description: apiErrorText(error, t('dashboard.assign.failedText')),
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
          {t('dashboard.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={assign.isPending}
          startIcon={assign.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('dashboard.assign.submit')}
        </Button>
      </DialogActions>
    </>
  );
}
