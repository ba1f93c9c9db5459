import type { CompanySummary, QrCode } from '@avpass/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { useAssignPartners, useCompanies, useQrCodePartners } from '@/lib/vouchers-api';
import { errorMessageOf } from '@/lib/api-client';
import { shortId } from '../lib/short-id';

/**
 * 'Assign QR Code to Partners' (spec section 2): every company with a checkbox, the current
 * assignment ticked; Assign Partners replaces the set.
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
  const companies = useCompanies();
  const current = useQrCodePartners(code.id);

  const intro = (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {code.customTitle || code.clinicName} · {shortId(code.id)}. Partners see assigned codes on their
      dashboard.
    </Typography>
  );

  if (companies.isPending || current.isPending) {
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
  if (companies.isError || current.isError) {
    return (
      <>
        <DialogContent>
          {intro}
          <Alert severity="error">
            {errorMessageOf(companies.error ?? current.error, 'Partners could not be loaded.')}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
        </DialogActions>
      </>
    );
  }
  return (
    <PartnerPicker
      code={code}
      intro={intro}
      companies={companies.data}
      assigned={current.data.filter((row) => row.isActive).map((row) => row.partnerId)}
      onClose={onClose}
    />
  );
}

function PartnerPicker({
  code,
  intro,
  companies,
  assigned,
  onClose,
}: {
  code: QrCode;
  intro: ReactNode;
  companies: CompanySummary[];
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
        {companies.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            No partners yet. Add one on the Partners page first.
          </Typography>
        ) : (
          <List
            dense
            aria-label="Partners"
            data-testid="assign-partner-list"
            sx={(theme) => ({
              maxHeight: 300,
              overflowY: 'auto',
              border: `1px solid ${theme.palette.divider}`,
              borderRadius: 2,
            })}
          >
            {companies.map((company) => {
              const labelId = `assign-partner-${company.id}`;
              return (
                <ListItem key={company.id} disablePadding>
                  <ListItemButton onClick={() => toggle(company.id)} disabled={assign.isPending}>
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <Checkbox
                        edge="start"
                        checked={selected.has(company.id)}
                        tabIndex={-1}
                        disableRipple
                        slotProps={{ input: { 'aria-labelledby': labelId } }}
                      />
                    </ListItemIcon>
                    <ListItemText
                      id={labelId}
                      primary={company.name}
                      secondary={company.email ?? 'No email'}
                      slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1.5 }}
          data-testid="assign-selected-count"
        >
          {selected.size} selected
        </Typography>
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
