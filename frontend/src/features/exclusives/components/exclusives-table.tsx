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
import { EXCLUSIVE_TABS } from '../lib/exclusive-text';
import { useExclusivesTable } from '../lib/use-exclusives-table';
import { ExclusiveCard, ExclusiveRow } from './exclusives-list';

/** The sort field's choices (a phone has no headers to press). */
const SORT_CHOICES = [
  { key: 'createdAt', order: 'desc', label: 'Newest first' },
  { key: 'createdAt', order: 'asc', label: 'Oldest first' },
  { key: 'title', order: 'asc', label: 'Title (A–Z)' },
  { key: 'title', order: 'desc', label: 'Title (Z–A)' },
  { key: 'usageCount', order: 'desc', label: 'Most redeemed' },
  { key: 'usageCount', order: 'asc', label: 'Least redeemed' },
  { key: 'expiresAt', order: 'asc', label: 'Expires soonest' },
  { key: 'expiresAt', order: 'desc', label: 'Expires latest' },
] as const;

const EMPTY_TEXT: Record<ExclusiveFilter, string> = {
  all: 'No exclusives yet. Create the first one: a training session, raffle prize, event or discount.',
  active: 'No active exclusives.',
  upcoming: 'No upcoming events or sessions.',
  expired: 'No expired exclusives.',
  training: 'No training sessions yet.',
  raffles: 'No raffle prizes yet.',
  events: 'No special events yet.',
  discounts: 'No exclusive discounts yet.',
};

/**
 * The exclusives in a card: the filter tabs (with their counts) over their panel, the search, partner
 * and sort fields, and the list (a table on wide screens, cards on a phone); `onDelete` asks to delete one.
 */
export function ExclusivesTable({ onDelete }: { onDelete: (exclusive: Exclusive) => void }) {
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
        aria-label="Filter exclusives"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {EXCLUSIVE_TABS.map(({ filter: value, label }) => (
          <Tab
            key={value}
            value={value}
            data-testid={`tab-${value}`}
            {...tabProps('exclusives', value)}
            label={counts ? `${label} (${counts[value]})` : label}
          />
        ))}
      </Tabs>
      {/* The filter tabs' panel: the list they filter. */}
      <Box {...tabPanelProps('exclusives', filter)}>
        <Box
          role="group"
          aria-label="Search, filter and sort the exclusives"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}
        >
          <TextField
            label="Search exclusives"
            placeholder="Title, vendor or ID"
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
              label="Partner"
              allowNone={false}
              helperText=""
              testId="partner-filter"
              value={table.partner ? { ...table.partner, logoUrl: null } : null}
              onChange={(partner) =>
                table.setPartner(partner && partner.id ? { id: partner.id, name: partner.name } : undefined)
              }
            />
          </Box>
          <SortSelect value={table.sort} onChange={table.setSort} choices={SORT_CHOICES} />
        </Box>
        <ResponsivePagedList
          query={exclusives}
          paging={table.paging}
          label="Project Rooted exclusives"
          minWidth={1100}
          sort={{ ...table.sort, onSort: (key) => table.toggleSort(key as ExclusiveSort) }}
          columns={[
            'Type',
            { label: 'Title', sortKey: 'title' },
            'Description',
            'Event / Details',
            { label: 'Usage', sortKey: 'usageCount' },
            { label: 'Expires', sortKey: 'expiresAt' },
            'Status',
            { label: 'Actions', align: 'right', sticky: true },
          ]}
          emptyText={
            search
              ? `No exclusives match "${search}".`
              : narrowed
                ? 'No exclusives match these filters.'
                : EMPTY_TEXT[filter]
          }
          itemKey={(e) => e.id}
          renderRow={(e) => <ExclusiveRow exclusive={e} onDelete={onDelete} />}
          renderCard={(e) => <ExclusiveCard exclusive={e} onDelete={onDelete} />}
        />
      </Box>
    </Card>
  );
}
