import type { VoucherStats } from '@avpass/contracts';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/data-display/list-states';
import { StatCard } from '@/components/data-display/stat-card';
import { useBootFiguresReady } from '@/lib/boot-handover';
import { useAdminStats } from '@/lib/vouchers-api';
import { useLanguage, useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { formatAdminFigure } from './stat-definitions';

export interface StatDefinition {
  key: keyof VoucherStats;
  label: MessageId;
  icon: ReactNode;
  format?: (value: number) => string;
}

/** GET /api/admin/stats as a row of cards, polled at `intervalMs`; loading and error states included. */
export function AdminStatCards({
  stats,
  intervalMs,
}: {
  stats: readonly StatDefinition[];
  intervalMs: number;
}) {
  const query = useAdminStats(intervalMs);
  const t = useT();
  const language = useLanguage();
  useBootFiguresReady(query.data !== undefined || query.isError);

  return (
    <Box sx={{ mb: 3 }}>
      {query.isError && (
        <LoadErrorAlert
          error={query.error}
          onRetry={() => void query.refetch()}
          fallback={t('dashboard.stats.failed')}
          sx={{ mb: 2 }}
        />
      )}
      <Box
        component="section"
        aria-label={t('dashboard.stats')}
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          gap: { xs: 1.5, md: 2.5 },
        }}
      >
        {stats.map((stat) => {
          const value = query.data?.[stat.key];
          return (
            <StatCard
              key={stat.key}
              layout="figure-first"
              testId={`stat-${stat.key}`}
              label={t(stat.label)}
              icon={stat.icon}
              value={
                value === undefined
                  ? query.isPending
                    ? undefined
                    : null
                  : formatAdminFigure(stat, value, language)
              }
            />
          );
        })}
      </Box>
    </Box>
  );
}
