import {
  batchDetailSchema,
  batchSummarySchema,
  companySummarySchema,
  pageSchema,
  qrCodePartnerSchema,
  qrCodeSchema,
  redemptionSchema,
  voucherStatsSchema,
  type ListQuery,
} from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { POLL_MS, rememberNextCursor, VOUCHER_URLS, withListQuery } from './urls';

const qrCodePage = pageSchema(qrCodeSchema);
const redemptionPage = pageSchema(redemptionSchema);
const batchPage = pageSchema(batchSummarySchema);

/** Lists that change while a screen is open refetch on focus and on their spec interval. */
const live = (intervalMs: number) =>
  ({ refetchInterval: intervalMs, refetchOnWindowFocus: true, staleTime: 0 }) as const;

/** GET /api/qr-codes: the newest codes (the generator shows 5), polled every 8 s. */
export function useRecentQrCodes() {
  return useQuery({
    queryKey: [VOUCHER_URLS.recent],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.recent, qrCodeSchema.array(), { signal }),
    ...live(POLL_MS.recentCodes),
  });
}

/** GET /api/admin/qr-codes (super_admin), paged and searchable, polled every 10 s. */
export function useAdminQrCodes(query: ListQuery) {
  const url = withListQuery(VOUCHER_URLS.adminList, query);
  return useQuery({
    queryKey: [VOUCHER_URLS.adminList, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(VOUCHER_URLS.adminList, query, await apiJson(url, qrCodePage, { signal })),
    placeholderData: keepPreviousData,
    ...live(POLL_MS.qrList),
  });
}

/** GET /api/qr-codes/all: the codes assigned to the signed-in company (everything for super_admin). */
export function useCompanyQrCodes(query: ListQuery) {
  const url = withListQuery(VOUCHER_URLS.companyList, query);
  return useQuery({
    queryKey: [VOUCHER_URLS.companyList, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(VOUCHER_URLS.companyList, query, await apiJson(url, qrCodePage, { signal })),
    placeholderData: keepPreviousData,
    ...live(POLL_MS.qrList),
  });
}

/** GET /api/admin/stats: polled every 12 s on the dashboard, 10 s elsewhere. */
export function useAdminStats(intervalMs: number = POLL_MS.stats) {
  return useQuery({
    queryKey: [VOUCHER_URLS.adminStats],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.adminStats, voucherStatsSchema, { signal }),
    ...live(intervalMs),
  });
}

/** GET /api/stats: the signed-in company's stats, polled every 10 s. */
export function useCompanyStats() {
  return useQuery({
    queryKey: [VOUCHER_URLS.companyStats],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.companyStats, voucherStatsSchema, { signal }),
    ...live(POLL_MS.stats),
  });
}

/** GET /api/admin/redemptions (super_admin), polled every 15 s. */
export function useAdminRedemptions(query: ListQuery = {}) {
  const url = withListQuery(VOUCHER_URLS.adminRedemptions, query);
  return useQuery({
    queryKey: [VOUCHER_URLS.adminRedemptions, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(
        VOUCHER_URLS.adminRedemptions,
        query,
        await apiJson(url, redemptionPage, { signal }),
      ),
    placeholderData: keepPreviousData,
    ...live(POLL_MS.redemptions),
  });
}

/** GET /api/redemptions: the company's usage history. */
export function useCompanyRedemptions(query: ListQuery = {}) {
  const url = withListQuery(VOUCHER_URLS.companyRedemptions, query);
  return useQuery({
    queryKey: [VOUCHER_URLS.companyRedemptions, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(
        VOUCHER_URLS.companyRedemptions,
        query,
        await apiJson(url, redemptionPage, { signal }),
      ),
    placeholderData: keepPreviousData,
    ...live(POLL_MS.redemptions),
  });
}

/** GET /api/admin/batches (super_admin). */
export function useAdminBatches(query: ListQuery = {}) {
  const url = withListQuery(VOUCHER_URLS.adminBatches, query);
  return useQuery({
    queryKey: [VOUCHER_URLS.adminBatches, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(VOUCHER_URLS.adminBatches, query, await apiJson(url, batchPage, { signal })),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** GET /api/admin/batches/{id}: "View Codes". */
export function useBatch(id: string | null) {
  return useQuery({
    queryKey: [VOUCHER_URLS.adminBatch(id ?? '')],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.adminBatch(id ?? ''), batchDetailSchema, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** GET /api/qr-codes/{id}/partners: current assignment (the Assign dialog). */
export function useQrCodePartners(id: string | null) {
  return useQuery({
    queryKey: [VOUCHER_URLS.partners(id ?? '')],
    queryFn: ({ signal }) =>
      apiJson(VOUCHER_URLS.partners(id ?? ''), qrCodePartnerSchema.array(), { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** GET /api/companies: every company for super_admin (the Assign dialog), the own one otherwise. */
export function useCompanies(enabled = true) {
  return useQuery({
    queryKey: [VOUCHER_URLS.companies],
    queryFn: ({ signal }) => apiJson(VOUCHER_URLS.companies, companySummarySchema.array(), { signal }),
    enabled,
    staleTime: 30_000,
  });
}
