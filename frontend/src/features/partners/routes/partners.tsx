import {
  PARTNER_CATEGORIES,
  VENDOR_SORT_DEFAULT_ORDER,
  VENDOR_SORTS,
  VENDOR_STATUSES,
  type Vendor,
  type VendorStatusFilter,
} from '@avpass/contracts';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadErrorAlert } from '@/components/data-display/list-states';
import { PAGE_SIZES, Pager } from '@/components/data-display/pager';
import { useTableState } from '@/lib/table-state';
import { useVendors } from '../api/get-vendors';
import { DeletePartnerDialog } from '../components/delete-partner-dialog';
import { PartnerCard, PartnerRow, type PartnerActions } from '../components/partner-card';
import { PartnerDetailsDialog } from '../components/partner-details-dialog';
import { PartnerFormDialog } from '../components/partner-form-dialog';

const ALL = '';
const GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
} as const;

/** The sort field's choices: the cards have no headers to press, on any screen. */
const SORT_CHOICES = [
  { key: 'createdAt', order: 'desc', label: 'Newest first' },
  { key: 'createdAt', order: 'asc', label: 'Oldest first' },
  { key: 'name', order: 'asc', label: 'Name (A–Z)' },
  { key: 'name', order: 'desc', label: 'Name (Z–A)' },
] as const;

const STATUS_LABELS: Readonly<Record<VendorStatusFilter, string>> = {
  active: 'Active',
  inactive: 'Inactive',
};

/**
 * /partners and /vendors (super_admin): the partner network, searched, sorted and filtered by the
 * server, the view in the URL (issue 27).
 */
export function PartnersRoute() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Search, category, sort and page live in the URL (issue 27): a reload or a shared link shows the
  // same partners.
  const table = useTableState({
    sorts: VENDOR_SORTS,
    defaultSort: { key: 'createdAt', order: 'desc' },
    firstOrder: VENDOR_SORT_DEFAULT_ORDER,
    statuses: PARTNER_CATEGORIES,
    statusParam: 'category',
    pageSize: PAGE_SIZES[0],
  });
  // The category takes the table's filter; the status (active / inactive) is a second one, `status`.
  const [params, setParams] = useSearchParams();
  const status = VENDOR_STATUSES.find((value) => value === params.get('status'));
  const setStatus = (value: VendorStatusFilter | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        if (value) next.set('status', value);
        else next.delete('status');
        return next;
      },
      { replace: true },
    );
  const paging = table.paging;
  const debounced = table.search ?? '';
  const category = table.status ?? ALL;
  const vendors = useVendors({
    search: debounced,
    category,
    status,
    sort: table.query.sort,
    order: table.query.order,
    limit: paging.limit,
    offset: paging.offset,
  });
  const [editing, setEditing] = useState<Vendor | null | 'new'>(null);
  const [viewing, setViewing] = useState<Vendor | null>(null);
  const [deleting, setDeleting] = useState<Vendor | null>(null);
  const filtered = Boolean(debounced || category || status);
  const items = vendors.data?.items ?? [];

  const actions: PartnerActions = { onView: setViewing, onEdit: setEditing, onDelete: setDeleting };
  const clearFilters = () => {
    table.setSearchText('');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ['category', 'status', 'page', 'q']) next.delete(name);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 3 }}
      >
        <Box>
          <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
            Partner network
          </Typography>
          <Typography variant="h3" component="h1">
            Partners
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {vendors.data
              ? `${vendors.data.total.toLocaleString()} ${filtered ? 'matching' : 'in the network'}`
              : 'Find, edit and equip the businesses members can use.'}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddRoundedIcon />}
          onClick={() => setEditing('new')}
          sx={{ flexShrink: 0 }}
        >
          Create Partner
        </Button>
      </Stack>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Search partners"
          placeholder="Name or e-mail"
          value={table.searchText}
          onChange={(e) => table.setSearchText(e.target.value)}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 100 },
          }}
        />
        <TextField
          select
          label="Category"
          value={category}
          onChange={(e) => table.setStatus(PARTNER_CATEGORIES.find((c) => c === e.target.value) ?? undefined)}
          sx={{ width: { xs: '100%', sm: 260 }, flexShrink: 0 }}
        >
          <MenuItem value={ALL}>All categories</MenuItem>
          {PARTNER_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Status"
          value={status ?? ''}
          onChange={(e) => setStatus(VENDOR_STATUSES.find((v) => v === e.target.value))}
          sx={{ width: { xs: '100%', sm: 170 }, flexShrink: 0 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="status-filter"
        >
          <MenuItem value="">All statuses</MenuItem>
          {VENDOR_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Sort by"
          value={`${table.sort.key}:${table.sort.order}`}
          onChange={(e) => {
            const choice = SORT_CHOICES.find((c) => `${c.key}:${c.order}` === e.target.value);
            if (choice) table.setSort({ key: choice.key, order: choice.order });
          }}
          sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0 }}
          data-testid="sort-select"
        >
          {SORT_CHOICES.map((c) => (
            <MenuItem key={`${c.key}:${c.order}`} value={`${c.key}:${c.order}`}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>
        {vendors.isFetching && !vendors.isPending && <LinearProgress aria-label="Updating" />}
      </Box>

      {vendors.isPending ? (
        <Box sx={phone ? { display: 'grid', gap: 1.5 } : GRID_SX} role="status" aria-label="Loading partners">
          {Array.from({ length: phone ? 4 : 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={phone ? 96 : 220} />
          ))}
        </Box>
      ) : vendors.isError ? (
        <LoadErrorAlert
          error={vendors.error}
          onRetry={() => void vendors.refetch()}
          fallback="Partners could not be loaded."
        />
      ) : items.length === 0 ? (
        <Stack
          spacing={1.5}
          sx={{ alignItems: 'center', textAlign: 'center', py: 8, color: 'text.secondary' }}
        >
          <StorefrontOutlinedIcon sx={{ fontSize: 56 }} />
          <Typography variant="h6" color="text.primary">
            {filtered ? 'No partners match' : 'No partners yet'}
          </Typography>
          <Typography>
            {filtered
              ? 'Try another name, e-mail or category.'
              : 'Add the first business members can use their vouchers at.'}
          </Typography>
          {filtered ? (
            <Button onClick={clearFilters}>Clear search</Button>
          ) : (
            <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing('new')}>
              Create Partner
            </Button>
          )}
        </Stack>
      ) : phone ? (
        <Stack spacing={1.5} aria-label="Partners" role="list">
          {items.map((vendor) => (
            <Box role="listitem" key={vendor.id}>
              <PartnerRow vendor={vendor} {...actions} />
            </Box>
          ))}
        </Stack>
      ) : (
        <Box sx={GRID_SX} aria-label="Partners" role="list">
          {items.map((vendor) => (
            <Box role="listitem" key={vendor.id}>
              <PartnerCard vendor={vendor} {...actions} />
            </Box>
          ))}
        </Box>
      )}
      {vendors.data && vendors.data.total > 0 && (
        <Pager variant="wrap" count={vendors.data.total} paging={paging} />
      )}

      <PartnerFormDialog
        open={editing !== null}
        vendor={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <PartnerDetailsDialog vendor={viewing} onClose={() => setViewing(null)} />
      <DeletePartnerDialog
        vendor={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => setViewing(null)}
      />
    </Container>
  );
}
