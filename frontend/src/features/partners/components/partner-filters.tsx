import { PARTNER_CATEGORIES, VENDOR_STATUSES, type VendorStatusFilter } from '@avpass/contracts';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useT } from '@/i18n/i18n';
import { categoryLabel, type T } from '../lib/partner-words';
import type { PartnersList } from '../lib/use-partners-list';

const ALL = '';

/** The sort field's choices: the cards have no headers to press, on any screen. */
const SORT_CHOICES = [
  { key: 'createdAt', order: 'desc', label: 'partners.sort.newest' },
  { key: 'createdAt', order: 'asc', label: 'partners.sort.oldest' },
  { key: 'name', order: 'asc', label: 'partners.sort.nameAz' },
  { key: 'name', order: 'desc', label: 'partners.sort.nameZa' },
] as const;

/** "Active", "Inactive" in the reader's language. */
const statusLabel = (status: VendorStatusFilter, t: T) => t(`partners.status.${status}`);

/** The partner network's search box, category and status filters, and sort. */
export function PartnerFilters({ list: { table, category, status, setStatus } }: { list: PartnersList }) {
  const t = useT();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        label={t('partners.search')}
        placeholder={t('partners.searchPlaceholder')}
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
        label={t('partners.categoryLabel')}
        value={category}
        onChange={(e) => table.setStatus(PARTNER_CATEGORIES.find((c) => c === e.target.value) ?? undefined)}
        sx={{ width: { xs: '100%', sm: 260 }, flexShrink: 0 }}
      >
        <MenuItem value={ALL}>{t('partners.allCategories')}</MenuItem>
        {PARTNER_CATEGORIES.map((c) => (
          <MenuItem key={c} value={c}>
            {categoryLabel(c, t)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('partners.statusLabel')}
        value={status ?? ''}
        onChange={(e) => setStatus(VENDOR_STATUSES.find((v) => v === e.target.value))}
        sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 170 }, flexShrink: 0 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        data-testid="status-filter"
      >
        <MenuItem value="">{t('partners.allStatuses')}</MenuItem>
        {VENDOR_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {statusLabel(value, t)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('partners.sortBy')}
        value={`${table.sort.key}:${table.sort.order}`}
        onChange={(e) => {
          const choice = SORT_CHOICES.find((c) => `${c.key}:${c.order}` === e.target.value);
          if (choice) table.setSort({ key: choice.key, order: choice.order });
        }}
        sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 200 }, flexShrink: 0 }}
        data-testid="sort-select"
      >
        {SORT_CHOICES.map((c) => (
          <MenuItem key={`${c.key}:${c.order}`} value={`${c.key}:${c.order}`}>
            {t(c.label)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
