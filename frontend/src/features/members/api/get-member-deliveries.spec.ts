import { describe, expect, it, vi } from 'vitest';
import { apiErrorFrom } from '@/lib/api-client';
import { isMissingRoute } from '@/lib/members-api';
import { importFailureOf } from '../lib/import-failure';
import { memberDeliveriesSchema } from './get-member-deliveries';

// The page's window (this project runs in node): set before the modules above read it on import.
vi.hoisted(() => {
  const noStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  Object.assign(globalThis, {
    window: {
      addEventListener: () => undefined,
      localStorage: noStorage,
      sessionStorage: noStorage,
      location: { origin: 'http://localhost' },
    },
  });
});

describe('a member’s deliveries as the page reads them', () => {
  const row = {
    id: '7d0f4f0e-2a48-4b55-9d7e-3a3f0a1c2b10',
    memberId: '0b1c2d3e-4f50-4a61-8b72-839495a6b7c8',
    sendId: '1c2d3e4f-5061-4b72-8c83-94a5b6c7d8e9',
    channel: 'email',
    qrCodeId: '2d3e4f50-6172-4c83-9d94-a5b6c7d8e9f0',
    publicId: 'p1',
    address: 'ana@example.test',
    status: 'bounced',
    attempts: 1,
    reason: 'mailbox full',
    sentAt: '2026-11-30T10:00:00.000Z',
    deliveredAt: null,
    createdAt: '2026-11-30T09:59:00.000Z',
  };

  it('reads the members service’s own fields (member-sends.ts), dates and address included', () => {
    const page = memberDeliveriesSchema.parse({ items: [row], nextCursor: 'c2' });
    expect(page).toEqual({ items: [row], nextCursor: 'c2' });
  });

  it('refuses an answer that is not the contract’s (an unknown status, a missing field)', () => {
    expect(() =>
      memberDeliveriesSchema.parse({ items: [{ ...row, status: 'lost' }], nextCursor: null }),
    ).toThrow();
    const { sendId: _gone, ...withoutSend } = row;
    expect(() => memberDeliveriesSchema.parse({ items: [withoutSend], nextCursor: null })).toThrow();
    expect(() => memberDeliveriesSchema.parse(null)).toThrow();
  });
});

describe('answers the members screens say in their own words', () => {
  it('tells a route not there yet (the gateway’s bare 404) from a service’s own not-found', () => {
    expect(isMissingRoute(apiErrorFrom(404, JSON.stringify({ message: 'Not found' })))).toBe(true);
    expect(isMissingRoute(apiErrorFrom(404, '<html>'))).toBe(true);
    expect(isMissingRoute(apiErrorFrom(404, JSON.stringify({ message: 'Member not found' })))).toBe(false);
    expect(isMissingRoute(apiErrorFrom(400, JSON.stringify({ message: 'Not found' })))).toBe(false);
  });

  it('says the 10 MB rule on any 413 and the server’s reason on a 400', () => {
    expect(
      importFailureOf(apiErrorFrom(413, JSON.stringify({ message: 'The request is too large.' }))),
    ).toMatch(/larger than 10 MB: split it/);
    expect(importFailureOf(apiErrorFrom(400, JSON.stringify({ message: 'Unknown column "nombre"' })))).toBe(
      'Unknown column "nombre"',
    );
    expect(importFailureOf(apiErrorFrom(400, 'oops'))).toBe('The file could not be read as a members CSV.');
  });
});
