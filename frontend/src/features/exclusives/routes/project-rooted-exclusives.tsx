import { EXCLUSIVE_FILTERS, type Exclusive, type ExclusiveFilter } from '@avpass/contracts';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ResponsivePagedList } from '@/components/data-display/responsive-paged-list';
import { tabPanelProps, tabProps } from '@/components/navigation/tab-pairing';
import { useTableState } from '@/lib/table-state';
import { useExclusives } from '../api/get-exclusives';
import { CreateExclusiveDialog } from '../components/create-exclusive-dialog';
import { DeleteExclusiveDialog } from '../components/delete-exclusive-dialog';
import { ExclusiveCard, ExclusiveRow } from '../components/exclusives-list';
import { EXCLUSIVE_TABS } from '../lib/exclusive-text';

/** The tabs besides All, as the URL's `filter` holds them. */
const FILTER_TABS = EXCLUSIVE_FILTERS.filter((f): f is Exclude<ExclusiveFilter, 'all'> => f !== 'all');

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
 * Project Rooted Exclusives (/project-rooted-exclusives; spec section 2), the filter tab and page kept
 * in the URL (`?filter=raffles&page=2`). The route's guard admits super_admin only.
 */
export function ProjectRootedExclusivesRoute() {
  // The tab and the page live in the URL (issue 27): a reload or a shared link shows the same view.
  const table = useTableState({
    sorts: ['createdAt'] as const,
    defaultSort: { key: 'createdAt', order: 'desc' },
    statuses: FILTER_TABS,
    statusParam: 'filter',
  });
  const filter: ExclusiveFilter = table.status ?? 'all';
  const paging = table.paging;
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Exclusive | null>(null);
  const exclusives = useExclusives({ filter, limit: paging.limit, offset: paging.offset });
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
          <ResponsivePagedList
            query={exclusives}
            paging={paging}
            label="Project Rooted exclusives"
            minWidth={1100}
            columns={[
              'Type',
              'Title',
              'Description',
              'Event / Details',
              'Usage',
              'Expires',
              'Status',
              { label: 'Actions', align: 'right', sticky: true },
            ]}
            emptyText={EMPTY_TEXT[filter]}
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
