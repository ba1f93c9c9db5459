import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '@/i18n/i18n';
import type { AnalyticsView } from '../lib/use-analytics-view';

/** From, To (a refused day stays with its reason) and the trainer the analytics are narrowed to. */
export function AnalyticsFiltersCard({ view }: { view: AnalyticsView }) {
  const t = useT();
  const { filters, setFilters, trainers, shown, refused, changeRange, rangeHelp } = view;
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: '1fr 1fr 2fr' },
          p: { xs: 2, sm: 3 },
        }}
      >
        <TextField
          type="date"
          label={t('credits.analytics.from')}
          value={(refused?.edge === 'startDate' ? refused.day : shown.startDate) ?? ''}
          onChange={(e) => changeRange('startDate', e.target.value)}
          error={refused?.edge === 'startDate'}
          helperText={rangeHelp('startDate')}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'filter-start', max: shown.endDate },
            formHelperText: { role: refused?.edge === 'startDate' ? 'alert' : undefined },
          }}
        />
        <TextField
          type="date"
          label={t('credits.analytics.to')}
          value={(refused?.edge === 'endDate' ? refused.day : shown.endDate) ?? ''}
          onChange={(e) => changeRange('endDate', e.target.value)}
          error={refused?.edge === 'endDate'}
          helperText={rangeHelp('endDate')}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'filter-end', min: shown.startDate },
            formHelperText: { role: refused?.edge === 'endDate' ? 'alert' : undefined },
          }}
        />
        <TextField
          select
          label={t('credits.analytics.trainer')}
          value={filters.trainerId ?? ''}
          onChange={(e) => setFilters((f) => ({ ...f, trainerId: e.target.value || undefined }))}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          slotProps={{
            inputLabel: { shrink: true },
            select: { displayEmpty: true },
            htmlInput: { 'data-testid': 'filter-trainer' },
          }}
        >
          <MenuItem value="">{t('credits.analytics.allTrainers')}</MenuItem>
          {(trainers.data?.items ?? []).map((code) => (
            <MenuItem key={code.id} value={code.id}>
              {code.trainerName} · {code.clinicName}
            </MenuItem>
          ))}
        </TextField>
      </CardContent>
    </Card>
  );
}
