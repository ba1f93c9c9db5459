import { RESOLVE_MAX_IDS, type QrCode } from '@avpass/contracts';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { CodesTable, DeleteCodeDialog, type CodesTableState } from '@/components/vouchers/codes-table';
import { apiErrorText } from '@/i18n/api-error-text';
import { useWords } from '@/i18n/i18n';
import { formatNumberIn } from '@avpass/domain';
import { collectCodeIds, VOUCHER_URLS } from '@/lib/vouchers-api';
import { BulkDownloadBar } from './bulk-download-bar';

/**
 * The QR Codes tab: the company's codes table, with per-code downloads and delete, and bulk ZIP
 * downloads of the selected codes.
 */
export function QrCodesPanel({ codes }: { codes: CodesTableState }) {
  const { table, query, selected, setSelected } = codes;
  const search = table.search ?? '';
  const { toast } = useToast();
  const { t, language } = useWords();
  const [toDelete, setToDelete] = useState<QrCode | null>(null);
  const items = query.data?.items ?? [];
  const matching = query.data?.total ?? 0;
  const [selecting, setSelecting] = useState(false);
  // "All" is every code the search matches (all pages), not only the rows on screen.
  const allVisibleSelected =
    items.length > 0 && items.every((code) => selected.has(code.id)) && selected.size >= matching;
  // Selected rows a search (or another page) hides stay selected, and the bar says how many.
  const visibleIds = new Set(items.map((code) => code.id));
  const hiddenIds = query.data ? [...selected].filter((id) => !visibleIds.has(id)) : [];

  /** Select All: every code the search matches, listed page by page (at most a ZIP's 10,000). */
  async function selectAllMatching() {
    if (matching <= items.length) {
      setSelected(new Set([...selected, ...items.map((code) => code.id)]));
      return;
    }
    setSelecting(true);
    try {
      const { ids } = await collectCodeIds(VOUCHER_URLS.companyList, search || undefined, {
        max: RESOLVE_MAX_IDS,
        filters: { status: table.status },
      });
      setSelected(new Set([...selected, ...ids]));
      if (matching > ids.length)
        toast({
          title: t('dashboard.admin.capped'),
          description: t('dashboard.admin.cappedText', {
            shown: formatNumberIn(language, ids.length),
            count: formatNumberIn(language, matching),
            max: formatNumberIn(language, RESOLVE_MAX_IDS),
          }),
        });
    } catch (error) {
      toast({
        title: t('dashboard.admin.selectFailed'),
        description: apiErrorText(error, t('dashboard.admin.selectFailedText')),
        kind: 'destructive',
      });
    } finally {
      setSelecting(false);
    }
  }

  return (
    <Box sx={{ px: { xs: 1.5, md: 0 } }}>
      <CodesTable
        role="company"
        query={query}
        table={table}
        selected={selected}
        onSelectedChange={setSelected}
        onDelete={setToDelete}
        selectionBar={
          <Box sx={{ mb: 2 }}>
            <BulkDownloadBar
              selectedIds={[...selected]}
              allVisibleSelected={allVisibleSelected}
              hasRows={items.length > 0}
              onSelectAll={() => void selectAllMatching()}
              matchingCount={matching}
              selecting={selecting}
              onDeselectAll={() => setSelected(new Set())}
              hiddenCount={hiddenIds.length}
              onDeselectHidden={() => setSelected(new Set([...selected].filter((id) => visibleIds.has(id))))}
            />
          </Box>
        }
      />
      <DeleteCodeDialog
        role="company"
        code={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(code) => setSelected(new Set([...selected].filter((id) => id !== code.id)))}
      />
    </Box>
  );
}
