import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Harness } from './harness';

export const run = promisify(execFile);

/** A request whose answer is a file: the raw bytes, not text. */
export async function download(
  h: Harness,
  path: string,
  init: { method?: string; token?: string | null; json?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; data: Buffer; json: any }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(`${h.url}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? null : JSON.stringify(init.json),
  });
  const data = Buffer.from(await res.arrayBuffer());
  let json: unknown = null;
  if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(data.toString('utf8'));
  return { status: res.status, headers: res.headers, data, json };
}

export async function saveTo(dir: string, name: string, data: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, data);
  return path;
}

/** The names in a ZIP, from `unzip -Z1`. */
export async function zipEntries(path: string): Promise<string[]> {
  const { stdout } = await run('unzip', ['-Z1', path], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.split('\n').filter(Boolean);
}

/** Polls GET /api/jobs/{id} until the job finishes (or the deadline passes). */
export async function waitForJob(
  h: Harness,
  id: string,
  token: string,
  timeoutMs = 60_000,
  onPoll?: (job: any) => void | Promise<void>,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await h.api(`/api/jobs/${id}`, { token });
    if (res.status !== 200) throw new Error(`GET job: ${res.status} ${JSON.stringify(res.body)}`);
    await onPoll?.(res.body);
    if (res.body.state === 'completed' || res.body.state === 'failed') return res.body;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${res.body.state} (${res.body.progress}%)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
