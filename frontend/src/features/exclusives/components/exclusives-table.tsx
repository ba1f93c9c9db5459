import type { Exclusive, ExclusiveFilter, ExclusiveSort } from '@avpass/contracts';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { ResponsivePagedList } from '@/components/data-display/responsive-paged-list';
import { SortSelect } from '@/components/data-display/table-filters';
import { PartnerPicker } from '@/components/form/partner-picker';
import { tabPanelProps, tabProps } from '@/components/navigation/tab-pairing';
import { useT } from '@/i18n/i18n';
import { EXCLUSIVE_TABS, type T } from '../lib/exclusive-text';
import { useExclusivesTable } from '../lib/use-exclusives-table';
import { ExclusiveCard, ExclusiveRow } from './exclusives-list';

/** The sort field's choices (a phone has no headers to press). */
const sortChoices = (t: T) =>
  [
    { key: 'createdAt', order: 'desc', label: t('exclusives.sort.newest') },
    { key: 'createdAt', order: 'asc', label: t('exclusives.sort.oldest') },
    { key: 'title', order: 'asc', label: t('exclusives.sort.titleAz') },
    { key: 'title', order: 'desc', label: t('exclusives.sort.titleZa') },
    { key: 'usageCount', order: 'desc', label: t('exclusives.sort.mostRedeemed') },
    { key: 'usageCount', order: 'asc', label: t('exclusives.sort.leastRedeemed') },
    { key: 'expiresAt', order: 'asc', label: t('exclusives.sort.expiresSoonest') },
    { key: 'expiresAt', order: 'desc', label: t('exclusives.sort.expiresLatest') },
  ] as const;

/**
 * The exclusives in a card: the filter tabs (with their counts) over their panel, the search, partner
 * and sort fields, and the list (a table on wide screens, cards on a phone); `onDelete` asks to delete one.
 */
export function ExclusivesTable({ onDelete }: { onDelete: (exclusive: Exclusive) => void }) {
  const t = useT();
  const { table, filter, exclusives, search, narrowed } = useExclusivesTable();
  const counts = exclusives.data?.counts;
  return (
    <Card variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
      <Tabs
        value={filter}
        onChange={(_, value: ExclusiveFilter) => table.setStatus(value === 'all' ? undefined : value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('exclusives.filter')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {EXCLUSIVE_TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            data-testid={`tab-${value}`}
            {...tabProps('exclusives', value)}
            label={
              counts
                ? t('exclusives.tab.counted', { label: t(`exclusives.tab.${value}`), count: counts[value] })
                : t(`exclusives.tab.${value}`)
            }
          />
        ))}
      </Tabs>
      {/* The filter tabs' panel: the list they filter. */}
      <Box {...tabPanelProps('exclusives', filter)}>
        <Box
          role="group"
          aria-label={t('exclusives.toolbar')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}
        >
          <TextField
            label={t('exclusives.search')}
            placeholder={t('exclusives.searchPlaceholder')}
            size="small"
            value={table.searchText}
            onChange={(event) => table.setSearchText(event.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRoundedIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { maxLength: 100 },
            }}
            sx={{ width: { xs: '100%', md: 300 } }}
            data-testid="exclusive-search"
          />
          <Box sx={{ width: { xs: '100%', sm: 260 } }}>
            <PartnerPicker
              size="small"
              label={t('exclusives.partner')}
              allowNone={false}
              helperText=""
              testId="partner-filter"
              value={table.partner ? { ...table.partner, logoUrl: null } : null}
              onChange={(partner) =>
                table.setPartner(partner && partner.id ? { id: partner.id, name: partner.name } : undefined)
              }
            />
          </Box>
          <SortSelect value={table.sort} onChange={table.setSort} choices={sortChoices(t)} />
        </Box>
        <ResponsivePagedList
          query={exclusives}
          paging={table.paging}
          label={t('exclusives.listLabel')}
          minWidth={1100}
          sort={{ ...table.sort, onSort: (key) => table.toggleSort(key as ExclusiveSort) }}
          columns={[
            t('exclusives.column.type'),
            { label: t('exclusives.column.title'), sortKey: 'title' },
            t('exclusives.column.description'),
            t('exclusives.column.details'),
            { label: t('exclusives.column.usage'), sortKey: 'usageCount' },
            { label: t('exclusives.column.expires'), sortKey: 'expiresAt' },
            t('exclusives.column.status'),
            { label: t('exclusives.column.actions'), align: 'right', sticky: true },
          ]}
          emptyText={
            search
              ? t('exclusives.noMatch', { term: search })
              : narrowed
                ? t('exclusives.noMatchFilters')
                : t(`exclusives.empty.${filter}`)
          }
          itemKey={(e) => e.id}
          renderRow={(e) => <ExclusiveRow exclusive={e} onDelete={onDelete} />}
          renderCard={(e) => <ExclusiveCard exclusive={e} onDelete={onDelete} />}
        />
      </Box>
    </Card>
  );
}
