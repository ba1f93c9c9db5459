import { lazySchema } from '../lazy-schema';
import { nextPollAfter } from '../query-client';

/** Loaded with the first call, not with the screen (issue 40). */
export const qrCodePage = lazySchema((c) => c.pageSchema(c.qrCodeSchema));

export const redemptionPage = lazySchema((c) => c.pageSchema(c.redemptionSchema));

export const batchPage = lazySchema((c) => c.pageSchema(c.batchSummarySchema));

/**
 * The dashboards' figures (admin and company): their own module, not the contracts barrel, so the figures
 * wait only for zod and this schema (vite.config.ts: `first-answers`).
 */
export const voucherStats = () =>
  import('@avpass/contracts/vouchers/stats').then((m) => m.voucherStatsSchema);

/**
 * Lists that change while a screen is open refetch on focus and on their spec interval, or after the
 * server's Retry-After when it last turned the poll away (issue 28).
 */
export const live = (intervalMs: number) =>
  ({
    refetchInterval: (query: { state: { error: unknown } }) => nextPollAfter(query.state.error, intervalMs),
    refetchOnWindowFocus: true,
    staleTime: 0,
  }) as const;
