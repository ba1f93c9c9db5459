import { expect } from 'vitest';
import { api } from './browser';

/**
 * A member's voucher for the phone tests: 20 % off a sports massage at Harbor Physio, 3 uses, valid
 * for 30 days, made by the administrator through the real API. `fields` change any of it.
 */
export async function generateVoucher(
  baseUrl: string,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; qrUrl: string }> {
  const expirationDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const res = await api(baseUrl, '/api/generate-qr', {
    method: 'POST',
    token,
    json: {
      clinic: 'Harbor Physio',
      discountType: 'percentage',
      discountValue: 20,
      service: 'Sports Massage',
      expirationDate,
      usageLimit: '3',
      customTitle: 'Harbor Physio Recovery',
      ...fields,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; qrUrl: string };
}
