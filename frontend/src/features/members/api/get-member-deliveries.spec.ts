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
  it('keeps the rows it understands (the publicId flat or under voucher) and leaves out the others', () => {
    const page = memberDeliveriesSchema.parse({
      items: [
        {
          id: 'd1',
          channel: 'email',
          status: 'bounced',
          reason: 'mailbox full',
          publicId: 'p1',
          createdAt: 'a',
          updatedAt: 'b',
        },
        {
          id: 'd2',
          channel: 'sms',
          status: 'delivered',
          voucher: { publicId: 'p2' },
          createdAt: 'a',
          updatedAt: 'b',
        },
        { id: 'd3', channel: 'fax', status: 'sent' },
        { id: 'd4', channel: 'sms', status: 'lost' },
      ],
      nextCursor: 'c2',
    });
    expect(page.items.map((d) => [d.id, d.status, d.publicId, d.reason])).toEqual([
      ['d1', 'bounced', 'p1', 'mailbox full'],
      ['d2', 'delivered', 'p2', null],
    ]);
    expect(page.nextCursor).toBe('c2');
    expect(memberDeliveriesSchema.parse(null)).toEqual({ items: [], nextCursor: null });
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
