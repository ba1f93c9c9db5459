import type { CodeListQuery } from '@avpass/contracts';
import { BULK_ASSIGN_MAX_IDS } from '@avpass/contracts/words';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PartnerChecklist } from '@/components/form/partner-checklist';
import { useToast } from '@/components/toast/toast-context';
import { formatNumberIn } from '@avpass/domain';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT, useWords } from '@/i18n/i18n';
import { collectCodeIds, useBulkAssignPartners, VOUCHER_URLS } from '@/lib/vouchers-api';
import { ResponsiveDialog } from '@/components/feedback/responsive-dialog';

/** What "Assign to partner…" acts on. */
export type BulkAssignTarget =
  | {
      kind: 'codes';
      /** The ticked codes. */
      selectedIds: readonly string[];
      /** The dashboard's search and how many codes it matches (all of them may be assigned). */
      search: string;
      /** The table's status and partner filters (issue 27): "all that match" takes them too. */
      filters?: Pick<CodeListQuery, 'status' | 'partnerId'>;
      matching: number;
    }
  | { kind: 'batch'; batchId: string; batchName: string; count: number };

/**
 * Assign many codes at once (POST /api/qr-codes/assign-partners): the ticked codes or every code the
 * search matches, or a whole batch, to the partners ticked here. The button says how many codes.
 */
export function BulkAssignDialog({
  target,
  onClose,
  onDone,
}: {
  target: BulkAssignTarget | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const t = useT();
  return (
    <ResponsiveDialog open={target !== null} onClose={onClose} labelledBy="bulk-assign-title">
      <DialogTitle id="bulk-assign-title">
        {target?.kind === 'batch'
          ? t('dashboard.bulkAssign.batchTitle')
          : t('dashboard.bulkAssign.codesTitle')}
      </DialogTitle>
      {target && (
        <BulkAssignBody
          key={target.kind === 'batch' ? target.batchId : 'codes'}
          target={target}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </ResponsiveDialog>
  );
}

function BulkAssignBody({
  target,
  onClose,
  onDone,
}: {
  target: BulkAssignTarget;
  onClose: () => void;
  onDone?: (() => void) | undefined;
}) {
  const { toast } = useToast();
  const { t, language } = useWords();
  const number = (value: number) => formatNumberIn(language, value);
  const assign = useBulkAssignPartners();
  const [partners, setPartners] = useState<ReadonlySet<string>>(() => new Set());
  const hasSelection = target.kind === 'codes' && target.selectedIds.length > 0;
  const [scope, setScope] = useState<'selected' | 'matching'>(hasSelection ? 'selected' : 'matching');
  const [collecting, setCollecting] = useState(false);
  const busy = assign.isPending || collecting;

  const count =
    target.kind === 'batch'
      ? target.count
      : scope === 'selected'
        ? target.selectedIds.length
        : target.matching;
  const tooMany = target.kind === 'codes' && scope === 'matching' && target.matching > BULK_ASSIGN_MAX_IDS;

  const toggle = (id: string) =>
    setPartners((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function submit() {
    const partnerIds = [...partners];
    if (partnerIds.length === 0) {
      toast({
        title: t('dashboard.bulkAssign.choose'),
        description: t('dashboard.bulkAssign.chooseText'),
        kind: 'destructive',
      });
      return;
    }
    let body: Parameters<typeof assign.mutate>[0];
    if (target.kind === 'batch') body = { batchId: target.batchId, partnerIds };
    else if (scope === 'selected') body = { qrCodeIds: [...target.selectedIds], partnerIds };
    else {
      setCollecting(true);
      try {
        const { ids } = await collectCodeIds(VOUCHER_URLS.adminList, target.search || undefined, {
          filters: target.filters ?? {},
        });
        body = { qrCodeIds: ids, partnerIds };
      } catch (error) {
        toast({
          title: t('dashboard.assign.failed'),
          description: apiErrorText(error, t('dashboard.bulkAssign.listFailed')),
          kind: 'destructive',
        });
        return;
      } finally {
        setCollecting(false);
      }
      if (body.qrCodeIds.length === 0) {
        toast({
          title: t('dashboard.bulkAssign.nothing'),
          description: t('dashboard.bulkAssign.nothingText'),
          kind: 'destructive',
        });
        return;
      }
    }
    assign.mutate(body, {
      onSuccess: (result) => {
        toast({
          title: t('dashboard.assign.done'),
          description: t('dashboard.bulkAssign.doneText', {
            codes: result.codes,
            codesText: number(result.codes),
            partners: partnerIds.length,
            assigned: number(result.assigned),
          }),
        });
        onDone?.();
        onClose();
      },
      onError: (error) =>
        toast({
          title: t('dashboard.assign.failed'),
          description: apiErrorText(error, t('dashboard.bulkAssign.failedText')),
          kind: 'destructive',
        }),
    });
  }

  return (
    <>
      <DialogContent>
        {target.kind === 'batch' ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('dashboard.bulkAssign.batchText', { name: target.batchName, count: number(target.count) })}
          </Typography>
        ) : (
          <RadioGroup
            aria-label={t('dashboard.bulkAssign.which')}
            value={scope}
            onChange={(event) => setScope(event.target.value as 'selected' | 'matching')}
            sx={{ mb: 2 }}
          >
            <FormControlLabel
              value="selected"
              disabled={!hasSelection || busy}
              control={<Radio />}
              label={t('dashboard.bulkAssign.selected', {
                count: target.selectedIds.length,
                countText: number(target.selectedIds.length),
              })}
            />
            <FormControlLabel
              value="matching"
              disabled={busy}
              control={<Radio />}
              label={
                target.search
                  ? target.filters?.status || target.filters?.partnerId
                    ? t('dashboard.bulkAssign.matchingFiltered', {
                        count: number(target.matching),
                        search: target.search,
                      })
                    : t('dashboard.bulkAssign.matching', {
                        count: number(target.matching),
                        search: target.search,
                      })
                  : target.filters?.status || target.filters?.partnerId
                    ? t('dashboard.bulkAssign.allFiltered', { count: number(target.matching) })
                    : t('dashboard.bulkAssign.all', { count: number(target.matching) })
              }
            />
          </RadioGroup>
        )}
        {tooMany && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('dashboard.bulkAssign.tooMany', { max: number(BULK_ASSIGN_MAX_IDS) })}
          </Alert>
        )}
        <PartnerChecklist selected={partners} onToggle={toggle} disabled={busy} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('dashboard.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={busy || count === 0 || tooMany || partners.size === 0}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="bulk-assign-submit"
        >
          {t('dashboard.bulkAssign.submit', { count, countText: number(count) })}
        </Button>
      </DialogActions>
    </>
  );
}
