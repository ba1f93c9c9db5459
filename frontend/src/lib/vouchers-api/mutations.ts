import {
  bulkGenerateResponseSchema,
  generatedQrSchema,
  qrCodePartnerSchema,
  type BulkGenerateRequest,
  type GenerateQrRequest,
} from '@avpass/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson, apiRequest, apiUpload } from '@/lib/api-client';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
import { VOUCHER_URLS } from './urls';

/** Every list, stat and voucher that a change to codes, assignments or redemptions can affect. */
function invalidateVoucherData(queryClient: QueryClient) {
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
const deploymentUrl = () => window.location.origin;

/** POST /api/generate-qr (super_admin); the lists refetch about 100 ms later (spec section 4). */
export function useGenerateQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateQrRequest) =>
      apiJson(VOUCHER_URLS.generate, generatedQrSchema, {
        method: 'POST',
        body: { ...body, deploymentUrl: deploymentUrl() },
      }),
    onSuccess: () => {
      setTimeout(() => void invalidateVoucherData(queryClient), 100);
    },
  });
}

/** POST /api/bulk-generate (super_admin), with an Idempotency-Key per intent (kept across a retry). */
export function useBulkGenerate() {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn('vouchers:bulk-generate', (body: BulkGenerateRequest, key) =>
    apiJson(VOUCHER_URLS.bulkGenerate, bulkGenerateResponseSchema, {
      method: 'POST',
      body: { ...body, deploymentUrl: deploymentUrl() },
      headers: idempotencyHeader(key),
    }),
  );
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateVoucherData(queryClient),
  });
}

/**
 * Delete a code. super_admin deletes it everywhere (DELETE /api/admin/qr-codes/{id}); a company
 * removes it from its own list only (DELETE /api/qr-codes/{id}).
 */
export function useDeleteQrCode(scope: 'admin' | 'company') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(scope === 'admin' ? VOUCHER_URLS.adminDelete(id) : VOUCHER_URLS.voucher(id), {
        method: 'DELETE',
      });
    },
    onSuccess: () => invalidateVoucherData(queryClient),
  });
}

/** POST /api/qr-codes/{id}/assign-partners: replaces the set. */
export function useAssignPartners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, partnerIds }: { id: string; partnerIds: string[] }) =>
      apiJson(VOUCHER_URLS.assignPartners(id), qrCodePartnerSchema.array(), {
        method: 'POST',
        body: { partnerIds },
      }),
    onSuccess: (_result, { id }) => {
      void queryClient.invalidateQueries({ queryKey: [VOUCHER_URLS.partners(id)] });
      return invalidateVoucherData(queryClient);
    },
  });
}

/** The stored logo's URL: `logoUrl`, else `url`. */
const uploadLogoResponse = z
  .object({ logoUrl: z.string().optional(), url: z.string().optional() })
  .transform((answer) => answer.logoUrl ?? answer.url)
  .pipe(z.string());

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** POST /api/upload-logo (multipart field `logo`), answering the stored logo's URL. */
export function uploadLogo(file: File): Promise<string> {
  return apiUpload(VOUCHER_URLS.uploadLogo, { logo: file }, uploadLogoResponse, {
    invalidMessage: 'Failed to upload logo',
  });
}

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo });
}
