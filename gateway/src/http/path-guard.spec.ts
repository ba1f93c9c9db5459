import { describe, expect, it } from 'vitest';
import { ambiguousPath } from './path-guard';

describe('ambiguousPath', () => {
  it.each([
    '/',
    '/api/vendors',
    '/admin/queues/',
    '/admin/queues/api/queues/avpass-rendering-zip/3f2b1c7e-1234-4abc-9def-0123456789ab',
    '/voucher/3f2b1c7e-1234-4abc-9def-0123456789ab',
    '/uploads/3f2b1c7e-1234-4abc-9def-0123456789ab.png',
    '/assets/index-CzT1x3.js',
    // The query is the routes' business: anything goes there.
    '/api/qr-codes/all?search=%2e%2e%2f;x&limit=5',
    '/login?returnTo=%2Fbulk',
    // Encodings a browser makes: a space, a non-ASCII letter, a quote, a colon.
    '/partners/a%20b',
    '/partners/caf%C3%A9',
    '/partners/%22x%22:%40',
  ])('accepts %s', (path) => {
    expect(ambiguousPath(path)).toBeNull();
  });

  it.each([
    ['admin/queues', /start with/],
    ['/%61dmin/queues', /percent-encoded/],
    ['/admin/%71ueues', /percent-encoded/],
    ['/admin/queues%2fapi', /percent-encoded/],
    ['/admin/queues%2Fapi', /percent-encoded/],
    ['/admin%5cqueues', /percent-encoded/],
    ['/admin/%2e%2e/queues', /percent-encoded/],
    ['/%2561dmin/queues', /percent-encoded/],
    ['/admin/queues%00', /percent-encoded/],
    ['/admin/queues%3b', /percent-encoded/],
    ['/admin/queues%zz', /invalid percent-encoding/],
    ['/admin/queues%6', /invalid percent-encoding/],
    ['/admin/queues%c0%ae', /invalid percent-encoding/],
    ['/admin\\queues', /backslash/],
    ['/admin;x=1/queues', /";" parameter/],
    ['/admin/queues;', /";" parameter/],
    ['/admin/queues#x', /"#"/],
    ['/admin/queues\t', /control character/],
    ['/admin/queues/é', /non-ASCII/],
    ['//admin/queues', /empty segment/],
    ['/admin//queues', /empty segment/],
    ['/admin/queues//', /empty segment/],
    ['/x/../admin/queues', /"\." or "\.\." segment/],
    ['/./admin/queues', /"\." or "\.\." segment/],
    ['/admin/queues/.', /"\." or "\.\." segment/],
    ['/admin./queues', /ending in "\."/],
  ])('refuses %s', (path, reason) => {
    expect(ambiguousPath(path)).toMatch(reason);
  });
});
