import { type QueryClient } from '@tanstack/react-query';
import { VOUCHER_URLS } from './urls';

/** Every list, stat and voucher that a change to codes, assignments or redemptions can affect. */
export function invalidateVoucherData(queryClient: QueryClient) {
  const prefixes = [
    VOUCHER_URLS.recent,
    VOUCHER_URLS.companyList,
    VOUCHER_URLS.adminList,
    VOUCHER_URLS.adminStats,
    VOUCHER_URLS.companyStats,
    VOUCHER_URLS.adminRedemptions,
    VOUCHER_URLS.companyRedemptions,
    VOUCHER_URLS.adminBatches,
  ];
  return queryClient.invalidateQueries({
    predicate: (query) =>
      typeof query.queryKey[0] === 'string' &&
      (prefixes.includes(query.queryKey[0] as never) || query.queryKey[0].startsWith('/api/qr-codes/')),
  });
}

/** The site's origin: the QR points here only when the server has no PUBLIC_URL configured. */
export const deploymentUrl = () => window.location.origin;
