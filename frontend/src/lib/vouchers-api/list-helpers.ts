import { batchSummarySchema, pageSchema, qrCodeSchema, redemptionSchema } from '@avpass/contracts';

export const qrCodePage = pageSchema(qrCodeSchema);

export const redemptionPage = pageSchema(redemptionSchema);

export const batchPage = pageSchema(batchSummarySchema);

/** Lists that change while a screen is open refetch on focus and on their spec interval. */
export const live = (intervalMs: number) =>
  ({ refetchInterval: intervalMs, refetchOnWindowFocus: true, staleTime: 0 }) as const;
