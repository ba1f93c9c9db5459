import type { ZipJob } from '@avpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runZipJob } from './zip-job';

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

afterEach(() => {
  vi.unstubAllGlobals();
});

const JOB: ZipJob = {
  id: '00000000-0000-4000-8000-000000000001',
  state: 'completed',
  progress: 100,
  total: 2,
  done: 2,
  format: 'png',
  variant: 'qr',
  fileName: 'qr-codes-png-20261123-020000.zip',
  error: null,
  createdAt: new Date().toISOString(),
  finishedAt: new Date().toISOString(),
  downloadUrl: `/api/jobs/00000000-0000-4000-8000-000000000001/file`,
};

describe('a finished ZIP', () => {
  it('is handed to the browser as a short-lived link it downloads itself, never read into memory', async () => {
    const link = {
      url: `/api/downloads/${'a'.repeat(43)}`,
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
    };
    const requests: { url: string; method: string }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      requests.push({ url, method: init.method ?? 'GET' });
      if (url === '/api/bulk-download-zip')
        return Promise.resolve(new Response(JSON.stringify(JOB), { status: 202 }));
      if (url === `/api/jobs/${JOB.id}/link`) return Promise.resolve(new Response(JSON.stringify(link)));
      return Promise.resolve(new Response('PK...', { status: 200 })); // the file itself: must not be fetched
    });
    const anchors: { href: string; download: string; clicked: number }[] = [];
    vi.stubGlobal('document', {
      createElement: () => {
        const anchor = {
          href: '',
          download: '',
          rel: '',
          clicked: 0,
          click: () => anchor.clicked++,
          remove: () => undefined,
        };
        anchors.push(anchor);
        return anchor;
      },
      body: { appendChild: () => undefined },
    });
    const job = await runZipJob(
      { qrCodes: [JOB.id], format: 'png' },
      () => undefined,
      new AbortController().signal,
    );
    expect(job.id).toBe(JOB.id);
    expect(requests).toEqual([
      { url: '/api/bulk-download-zip', method: 'POST' },
      { url: `/api/jobs/${JOB.id}/link`, method: 'POST' },
    ]);
    expect(anchors).toEqual([
      expect.objectContaining({ href: link.url, download: JOB.fileName, clicked: 1 }),
    ]);
  });
});
