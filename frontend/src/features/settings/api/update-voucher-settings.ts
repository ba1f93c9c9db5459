import { voucherSettingsSchema, type UpdateVoucherSettings, type VoucherSettings } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { VOUCHER_URLS } from '@/lib/vouchers-api';

export function updateVoucherSettings(body: UpdateVoucherSettings): Promise<VoucherSettings> {
  return apiJson(VOUCHER_URLS.voucherSettings, () => voucherSettingsSchema, { method: 'PUT', body });
}

/** PUT /api/settings/vouchers (super_admin): the answer replaces the cached settings every form reads. */
export function useUpdateVoucherSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVoucherSettings,
    onSuccess: (settings) => queryClient.setQueryData([VOUCHER_URLS.voucherSettings], settings),
  });
}
