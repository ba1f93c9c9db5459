import type { QrCode } from '@avpass/contracts';
import { formatNumberIn, formatUsage } from '@avpass/domain';
import { discountTextIn } from '@avpass/contracts/i18n/voucher-words';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type Ref } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePaging } from '@/components/data-display/pager';
import { paths } from '@/config/paths';
import { useQrCodes } from '@/lib/vouchers-api';
import { StatusChip } from '@/components/vouchers/status-chip';
import { codeName, shortId } from '@/lib/code-display';
import { useWords } from '@/i18n/i18n';
import { expiryText } from '../lib/display';
import { DividedList, PagedListCard } from './list-frame';
import { ListStates } from './list-states';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
    </Box>
  );
}

function AssignedCodeRow({ code }: { code: QrCode }) {
  const name = codeName(code);
  const words = useWords();
  const { t } = words;
  return (
    <Box
      component="li"
      data-testid="assigned-code"
      data-code-id={code.id}
      sx={{
        px: { xs: 2, sm: 3 },
        py: 2,
        display: 'grid',
        gap: { xs: 1.5, md: 3 },
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr auto', md: 'minmax(0, 2.2fr) 1fr 1fr 1fr auto' },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }} noWrap title={name}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap title={code.service}>
          {code.service}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {shortId(code.id)}
        </Typography>
      </Box>
      <Box
        sx={{
          display: { xs: 'flex', md: 'contents' },
          gap: 2,
          gridColumn: { xs: '1 / -1', md: 'auto' },
          flexWrap: 'wrap',
          order: { xs: 3, md: 0 },
        }}
      >
        <Box>
          <Chip
            size="small"
            label={discountTextIn(words, code.discountType, code.discountValue)}
            sx={(theme) => ({ backgroundColor: theme.palette.teal[100], color: theme.palette.teal[700] })}
          />
        </Box>
        <Fact label={t('dashboard.assigned.usage')} value={formatUsage(code.usageCount, code.usageLimit)} />
        <Fact label={t('dashboard.assigned.expires')} value={expiryText(code.expirationDate, words)} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifySelf: 'end' }}>
        <StatusChip status={code.status} />
        <Tooltip title={t('dashboard.assigned.open')}>
          <IconButton
            component="a"
            href={paths.voucher.getHref(code.id)}
            target="_blank"
            rel="noopener"
            aria-label={t('dashboard.assigned.openOf', { name })}
            size="small"
          >
            <OpenInNewRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}

/**
 * The read-only list of the codes assigned to this company (spec: "Assigned QR Codes"), searched on
 * the server by title, service or the start of an id.
 */
export function AssignedCodesSection({ ref }: { ref?: Ref<HTMLElement> }) {
  const paging = usePaging();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const codes = useQrCodes('company', {
    limit: paging.limit,
    offset: paging.offset,
    search: search || undefined,
  });
  const items = codes.data?.items ?? [];
  const { t, language } = useWords();

  return (
    <Box
      component="section"
      ref={ref}
      id="assigned-qr-codes"
      aria-labelledby="assigned-qr-codes-title"
      sx={{ scrollMarginTop: 88 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5, gap: 2 }}>
        <Typography id="assigned-qr-codes-title" variant="h5" component="h2">
          {t('dashboard.assigned.title')}
        </Typography>
        {codes.data && (
          <Typography variant="body2" color="text.secondary" data-testid="assigned-codes-total">
            {t(search ? 'dashboard.assigned.totalMatch' : 'dashboard.assigned.total', {
              count: codes.data.total,
              countText: formatNumberIn(language, codes.data.total),
            })}
          </Typography>
        )}
      </Box>
      <TextField
        type="search"
        size="small"
        label={t('dashboard.assigned.search')}
        placeholder={t('dashboard.admin.searchHint')}
        value={searchInput}
        onChange={(event) => {
          setSearchInput(event.target.value);
          paging.reset();
        }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRoundedIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'data-testid': 'assigned-codes-search', maxLength: 100 },
        }}
        sx={{ mb: 2, width: { xs: '100%', md: 420 } }}
      />
      <ListStates
        query={codes}
        loadingMessage={t('dashboard.assigned.loading')}
        errorTitle={t('dashboard.assigned.failed')}
        empty={
          search
            ? {
                testId: 'assigned-codes-empty',
                icon: <SearchOffRoundedIcon />,
                title: t('dashboard.assigned.noMatch'),
                description: t('dashboard.assigned.noMatchText', { search }),
              }
            : {
                testId: 'assigned-codes-empty',
                icon: <QrCode2RoundedIcon />,
                title: t('dashboard.assigned.empty'),
                description: t('dashboard.assigned.emptyText'),
              }
        }
      >
        <PagedListCard count={codes.data?.total ?? 0} paging={paging}>
          <DividedList
            label={t('dashboard.assigned.list')}
            items={items}
            itemKey={(code) => code.id}
            renderItem={(code) => <AssignedCodeRow code={code} />}
          />
        </PagedListCard>
      </ListStates>
    </Box>
  );
}
