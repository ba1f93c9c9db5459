import type { QrCode } from '@avpass/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SearchField } from '@/components/data-display/table-filters';
import { ViewZipButton } from '@/components/downloads/view-zip-button';
import { CodesTable, DeleteCodeDialog, useCodesTable } from '@/components/vouchers/codes-table';
import { VOUCHER_URLS } from '@/lib/vouchers-api';
import { useWords } from '@/i18n/i18n';
import { formatNumberIn } from '@avpass/domain';
import { AssignPartnersDialog } from './assign-partners-dialog';
import { BulkAssignDialog, type BulkAssignTarget } from './bulk-assign-dialog';

/**
 * Partner QR Codes: every code, paged, searched, sorted and filtered on the server (a list of
 * thousands never travels whole), the view kept in the URL (issue 27), with assignment, downloads,
 * Download All of what the table shows, and delete.
 */
export function QrCodesTab() {
  const { table, query: codes, selected, setSelected } = useCodesTable('admin');
  const { t, language } = useWords();
  const [assigning, setAssigning] = useState<QrCode | null>(null);
  const [deleting, setDeleting] = useState<QrCode | null>(null);
  // "Assign to partner…" acts on the ticked codes or on every code the search matches.
  const [bulkTarget, setBulkTarget] = useState<BulkAssignTarget | null>(null);
  const term = table.search ?? '';
  const filters = { status: table.status, partnerId: table.partner?.id };
  const items = codes.data?.items ?? [];
  const matching = codes.data?.total ?? 0;
  const pageSelected = items.length > 0 && items.every((code) => selected.has(code.id));

  const selectionBar = (
    <Box
      data-testid="codes-selection-bar"
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 1.5 }}
    >
      <Button
        size="small"
        variant="outlined"
        disabled={items.length === 0}
        onClick={() =>
          setSelected(
            pageSelected
              ? new Set([...selected].filter((id) => !items.some((code) => code.id === id)))
              : new Set([...selected, ...items.map((code) => code.id)]),
          )
        }
      >
        {pageSelected ? t('dashboard.codes.deselectPage') : t('dashboard.codes.selectPage')}
      </Button>
      <Typography
        variant="body2"
        color="text.secondary"
        aria-live="polite"
        data-testid="codes-selected-count"
      >
        {t('dashboard.codes.selected', { count: formatNumberIn(language, selected.size) })}
      </Typography>
      {selected.size > 0 && (
        <Button size="small" variant="text" onClick={() => setSelected(new Set())}>
          {t('dashboard.codes.clear')}
        </Button>
      )}
      <Button
        size="small"
        variant="contained"
        sx={{ ml: { sm: 'auto' } }}
        disabled={selected.size === 0 && matching === 0}
        onClick={() =>
          setBulkTarget({ kind: 'codes', selectedIds: [...selected], search: term, filters, matching })
        }
        data-testid="assign-to-partner"
      >
        {t('dashboard.codes.assign')}
      </Button>
    </Box>
  );

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
      >
        <SearchField
          label={t('dashboard.codes.search')}
          placeholder={t('dashboard.codes.searchHint')}
          value={table.searchText}
          onChange={table.setSearchText}
        />
        <Box sx={{ minWidth: { md: 260 } }}>
          <ViewZipButton
            listUrl={VOUCHER_URLS.adminList}
            view={{ search: table.search, ...filters }}
            total={codes.data?.total}
            totalIsLowerBound={codes.data?.totalIsLowerBound ?? false}
          />
        </Box>
      </Stack>
      <CodesTable
        role="admin"
        query={codes}
        table={table}
        selected={selected}
        onSelectedChange={setSelected}
        onDelete={setDeleting}
        onAssign={setAssigning}
        selectionBar={selectionBar}
      />
      <AssignPartnersDialog code={assigning} onClose={() => setAssigning(null)} />
      <DeleteCodeDialog role="admin" code={deleting} onClose={() => setDeleting(null)} />
      <BulkAssignDialog
        target={bulkTarget}
        onClose={() => setBulkTarget(null)}
        onDone={() => setSelected(new Set())}
      />
    </Box>
  );
}
