import { useState } from 'react';
import { useWords } from '@/i18n/i18n';
import { useSession } from '@/lib/session/use-session';
import {
  downloadAnalyticsCsv,
  useTrainerAnalytics,
  useTrainerCodes,
  type AnalyticsFilters,
} from '@/lib/trainers-api';
import { nextRange, type RangeEdge } from './analytics-range';

/**
 * The analytics screen's state: its filters (a refused day stays in its field with the reason), the
 * analytics and trainer codes they select, and the CSV export.
 */
export function useAnalyticsView() {
  const session = useSession();
  const words = useWords();
  const { t } = words;
  const role = session.status === 'signed-in' ? session.user.role : 'company_admin';
  const [filters, setFilters] = useState<AnalyticsFilters>({});
  const analytics = useTrainerAnalytics(filters);
  const trainers = useTrainerCodes(role, { limit: 200 });
  const [exporting, setExporting] = useState(false);
  // A refused day stays in its field (typing a year goes through partial ones) with the reason.
  const [refused, setRefused] = useState<{ edge: RangeEdge; day: string; message: string } | null>(null);
  const data = analytics.data;
  const shown = {
    startDate: filters.startDate ?? data?.startDate,
    endDate: filters.endDate ?? data?.endDate,
  };
  // Both ends are pinned once one is changed: the server's default From (30 days before To) never
  // moves From when only To was picked.
  const changeRange = (edge: RangeEdge, day: string) => {
    const next = nextRange(shown, edge, day, words);
    if ('refused' in next) {
      setRefused({ edge, day, message: next.refused });
      return;
    }
    setRefused(null);
    setFilters((f) => {
      const { startDate: _start, endDate: _end, ...rest } = f;
      return { ...rest, ...next.range };
    });
  };
  const rangeHelp = (edge: RangeEdge) =>
    refused?.edge === edge
      ? refused.message
      : edge === 'startDate'
        ? t('credits.analytics.fromHelp')
        : t('credits.analytics.toHelp');

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAnalyticsCsv({
        ...filters,
        startDate: filters.startDate ?? data?.startDate,
        endDate: filters.endDate ?? data?.endDate,
      });
    } catch {
      // Spec section 8: an export failure is silent.
    } finally {
      setExporting(false);
    }
  };

  return {
    filters,
    setFilters,
    analytics,
    data,
    trainers,
    shown,
    refused,
    changeRange,
    rangeHelp,
    exporting,
    exportCsv,
  };
}

export type AnalyticsView = ReturnType<typeof useAnalyticsView>;
