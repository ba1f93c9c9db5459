import {
  EXCLUSIVE_FILTERS,
  EXCLUSIVE_SORT_DEFAULT_ORDER,
  EXCLUSIVE_SORTS,
  type Exclusive,
  type ExclusiveFilter,
  type ExclusiveSort,
} from '@avpass/contracts';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ResponsivePagedList } from '@/components/data-display/responsive-paged-list';
import { SortSelect } from '@/components/data-display/table-filters';
import { PartnerPicker } from '@/components/form/partner-picker';
import { tabPanelProps, tabProps } from '@/components/navigation/tab-pairing';
import { useTableState } from '@/lib/table-state';
import { useExclusives } from '../api/get-exclusives';
import { CreateExclusiveDialog } from '../components/create-exclusive-dialog';
import { DeleteExclusiveDialog } from '../components/delete-exclusive-dialog';
import { ExclusiveCard, ExclusiveRow } from '../components/exclusives-list';
import { EXCLUSIVE_TABS } from '../lib/exclusive-text';

/** The tabs besides All, as the URL's `filter` holds them. */
const FILTER_TABS = EXCLUSIVE_FILTERS.filter((f): f is Exclude<ExclusiveFilter, 'all'> => f !== 'all');

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
 * Project Rooted Exclusives (/project-rooted-exclusives; spec section 2): searched, sorted and narrowed
 * by partner on the server, the filter tab (its status filter), search, sort, partner and page kept in
 * the URL (`?filter=raffles&q=yoga&sort=title&page=2`). The route's guard admits super_admin only.
 */
export function ProjectRootedExclusivesRoute() {
  // The tab and the page live in the URL (issue 27): a reload or a shared link shows the same view.
  const table = useTableState({
    sorts: EXCLUSIVE_SORTS,
    defaultSort: { key: 'createdAt', order: 'desc' },
    firstOrder: EXCLUSIVE_SORT_DEFAULT_ORDER,
    statuses: FILTER_TABS,
    statusParam: 'filter',
  });
  const filter: ExclusiveFilter = table.status ?? 'all';
  const paging = table.paging;
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Exclusive | null>(null);
  const { search, sort, order, partnerId } = table.query;
  const exclusives = useExclusives({
    filter,
    limit: paging.limit,
    offset: paging.offset,
    search,
    sort,
    order,
    partnerId,
  });
  const narrowed = Boolean(search || partnerId);
  const counts = exclusives.data?.counts;

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Box
        sx={{
          mb: { xs: 2, md: 3 },
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          justifyContent: 'space-between',
          alignItems: 'flex-end',
        }}
      >
        <Box>
          <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
            Project Rooted
          </Typography>
          <Typography variant="h3" component="h1">
            QR Exclusives
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Training sessions, raffle prizes, event seats and exclusive discounts, redeemed on the voucher
            page.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
          Create Exclusive
        </Button>
      </Box>
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
            paging={paging}
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
            renderRow={(e) => <ExclusiveRow exclusive={e} onDelete={setDeleting} />}
            renderCard={(e) => <ExclusiveCard exclusive={e} onDelete={setDeleting} />}
          />
        </Box>
      </Card>
      <CreateExclusiveDialog open={creating} onClose={() => setCreating(false)} />
      <DeleteExclusiveDialog exclusive={deleting} onClose={() => setDeleting(null)} />
    </Container>
  );
}
