import type { BulkDownloadZipRequest, ZipJob } from '@avpass/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { apiJson, ApiError } from '@/lib/api-client';
import { idempotencyHeader, intentOf, useIdempotencyKeys, type IdempotencyKeys } from '@/lib/idempotency';
import { estimateSecondsLeft } from './queue-text';
import { saveUrl } from './save-file';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const zipDownloadLinkSchema = lazySchema((c) => c.zipDownloadLinkSchema);
const zipJobSchema = lazySchema((c) => c.zipJobSchema);

const POLL_MS = 1_000;

/** Spec section 8's ZIP download messages, for a failed start or download, in the reader's language. */
export function zipErrorMessage(error: unknown, t: Translate<MessageId>): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return apiErrorText(error, t('staff.zip.tooLarge'));
    if (error.status === 400) return apiErrorText(error, t('staff.zip.batchTooLarge'));
    return apiErrorText(error, t('staff.zip.failedStatus', { status: error.status }));
  }
  return t('staff.zip.failed');
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

/**
 * Runs one ZIP job to the end: enqueue (POST /api/bulk-download-zip), poll GET /api/jobs/{id}
 * reporting progress, then ask for a download link (POST /api/jobs/{id}/link) and hand it to the
 * browser. With `keys`, the enqueue
 * sends an Idempotency-Key per request, kept until the server accepted or refused it: asking again
 * after a 503 answers the job that was queued instead of making a second ZIP.
 */
export async function runZipJob(
  request: BulkDownloadZipRequest,
  onProgress: (job: ZipJob) => void,
  signal: AbortSignal,
  keys?: IdempotencyKeys,
): Promise<ZipJob> {
  const enqueue = (key?: string) =>
    apiJson('/api/bulk-download-zip', zipJobSchema, {
      method: 'POST',
      body: request,
      signal,
      ...(key ? { headers: idempotencyHeader(key) } : {}),
    });
  let job = keys ? await keys.run(intentOf(request), enqueue) : await enqueue();
  onProgress(job);
  while (job.state === 'queued' || job.state === 'active') {
    await sleep(POLL_MS, signal);
    job = await apiJson(`/api/jobs/${encodeURIComponent(job.id)}`, zipJobSchema, { signal });
    onProgress(job);
  }
  if (job.state === 'failed') throw new Error(job.error ?? 'The ZIP could not be built.');
  // A short-lived link the browser downloads itself: the file streams to disk, never into memory
  // (a 2 GB ZIP on a phone), and the download shows in the browser's own list.
  const link = await apiJson(`/api/jobs/${encodeURIComponent(job.id)}/link`, zipDownloadLinkSchema, {
    method: 'POST',
    signal,
  });
  saveUrl(link.url, job.fileName);
  return job;
}

export type ZipJobStatus =
  | { phase: 'idle' }
  /** secondsLeft: estimated from the rate seen since the job started rendering (null until known). */
  | { phase: 'running'; job: ZipJob | null; secondsLeft?: number | null }
  | { phase: 'done'; job: ZipJob }
  | { phase: 'failed'; message: string };

/**
 * A ZIP download with live progress, for buttons and progress bars. `start` resolves when the browser
 * has been given the file to download (true) or it failed (false); leaving the screen cancels the polling.
 */
export function useZipJob() {
  const [status, setStatus] = useState<ZipJobStatus>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const keys = useIdempotencyKeys('rendering:zip');
  const t = useT();

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (request: BulkDownloadZipRequest): Promise<boolean> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setStatus({ phase: 'running', job: null });
      try {
        let first: { at: number; done: number } | null = null;
        const onProgress = (j: ZipJob) => {
          const now = { at: Date.now(), done: j.done };
          if (j.state === 'active') first ??= now;
          const secondsLeft = first ? estimateSecondsLeft(first, now, j.total) : null;
          setStatus({ phase: 'running', job: j, secondsLeft });
        };
        const job = await runZipJob(request, onProgress, current.signal, keys);
        setStatus({ phase: 'done', job });
        return true;
      } catch (error) {
        if (current.signal.aborted) return false;
        setStatus({ phase: 'failed', message: zipErrorMessage(error, t) });
        return false;
      }
    },
    [keys, t],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    setStatus({ phase: 'idle' });
  }, []);

  return { status, start, reset, running: status.phase === 'running' };
}
