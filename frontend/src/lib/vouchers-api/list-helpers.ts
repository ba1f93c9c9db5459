import { batchSummarySchema, pageSchema, qrCodeSchema, redemptionSchema } from '@avpass/contracts';
import { nextPollAfter } from '../query-client';

export const qrCodePage = pageSchema(qrCodeSchema);

export const redemptionPage = pageSchema(redemptionSchema);

export const batchPage = pageSchema(batchSummarySchema);

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
