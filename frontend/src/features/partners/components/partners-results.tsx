import AddRoundedIcon from '@mui/icons-material/AddRounded';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { LoadErrorAlert } from '@/components/data-display/list-states';
import { Pager } from '@/components/data-display/pager';
import { useT } from '@/i18n/i18n';
import type { PartnersList } from '../lib/use-partners-list';
import { PartnerCard, PartnerRow, type PartnerActions } from './partner-card';

const GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
} as const;

/**
 * The page of partners: cards in a grid (rows on a phone), a bar while a new view loads, the loading,
 * error and empty states (the empty one offers Clear search or Create Partner), and the pager.
 */
export function PartnersResults({
  list: { vendors, filtered, clearFilters, table },
  actions,
  onCreate,
}: {
  list: PartnersList;
  actions: PartnerActions;
  onCreate: () => void;
}) {
  const t = useT();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const items = vendors.data?.items ?? [];
  return (
    <>
      <Box sx={{ height: 4, mb: 1 }}>
        {vendors.isFetching && !vendors.isPending && <LinearProgress aria-label={t('partners.updating')} />}
      </Box>

      {vendors.isPending ? (
        <Box
          sx={phone ? { display: 'grid', gap: 1.5 } : GRID_SX}
          role="status"
          aria-label={t('partners.loading')}
        >
          {Array.from({ length: phone ? 4 : 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={phone ? 96 : 220} />
          ))}
        </Box>
      ) : vendors.isError ? (
        <LoadErrorAlert
          error={vendors.error}
          onRetry={() => void vendors.refetch()}
          fallback={t('partners.loadFailed')}
        />
      ) : items.length === 0 ? (
        <Stack
          spacing={1.5}
          sx={{ alignItems: 'center', textAlign: 'center', py: 8, color: 'text.secondary' }}
        >
          <StorefrontOutlinedIcon sx={{ fontSize: 56 }} />
          <Typography variant="h6" color="text.primary">
            {filtered ? t('partners.noMatch') : t('partners.none')}
          </Typography>
          <Typography>{filtered ? t('partners.noMatchText') : t('partners.noneText')}</Typography>
          {filtered ? (
            <Button onClick={clearFilters}>{t('partners.clearSearch')}</Button>
          ) : (
            <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={onCreate}>
              {t('partners.create')}
            </Button>
          )}
        </Stack>
      ) : phone ? (
        <Stack spacing={1.5} aria-label={t('partners.title')} role="list">
          {items.map((vendor) => (
            <Box role="listitem" key={vendor.id}>
              <PartnerRow vendor={vendor} {...actions} />
            </Box>
          ))}
        </Stack>
      ) : (
        <Box sx={GRID_SX} aria-label={t('partners.title')} role="list">
          {items.map((vendor) => (
            <Box role="listitem" key={vendor.id}>
              <PartnerCard vendor={vendor} {...actions} />
            </Box>
          ))}
        </Box>
      )}
      {vendors.data && vendors.data.total > 0 && (
        <Pager variant="wrap" count={vendors.data.total} paging={table.paging} />
      )}
    </>
  );
}
