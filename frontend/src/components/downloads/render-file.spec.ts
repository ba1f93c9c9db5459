import { beforeEach, describe, expect, it, vi } from 'vitest';

// The page's window (this project runs in node): set before the modules below read it on import.
vi.hoisted(() => {
  Object.assign(globalThis, { window: { location: { origin: 'http://localhost' } } });
});

const apiRequest = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', () => ({ apiRequest }));

const { fetchRenderedFile } = await import('./render-file');

const ID = '0b9c5a56-7a52-4c53-9d33-2f0b7c1c3a11';

beforeEach(() => {
  apiRequest.mockReset();
  apiRequest.mockImplementation(() => Promise.resolve(new Response('card')));
});

const sentBody = () => (apiRequest.mock.calls[0] as [string, { body: Record<string, unknown> }])[1].body;

describe('a card download', () => {
  it('asks for the card language chosen on screen, in every format (decision 361)', async () => {
    for (const format of ['png', 'pdf', 'svg'] as const) {
      apiRequest.mockClear();
      await fetchRenderedFile('card', ID, format, 'a6', 'es');
      expect(apiRequest.mock.calls[0]?.[0]).toBe('/api/generate-qr-image');
      expect(sentBody()).toMatchObject({ qrData: { id: ID }, format, size: 'a6', cardLanguage: 'es' });
    }
  });

  it("without one sends none, so the server prints the code's batch's (decision 359)", async () => {
    await fetchRenderedFile('card', ID, 'pdf', 'a6');
    expect(sentBody()).not.toHaveProperty('cardLanguage');
  });
});
