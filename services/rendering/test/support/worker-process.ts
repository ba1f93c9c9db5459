import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = resolve(__dirname, '../../../..');
const REGISTER = join(ROOT, 'services/rendering/test/support/register-ts.cjs');

/** Every line each worker printed since it started (its warnings say when it lost a lock). */
const printed = new WeakMap<ChildProcess, string[]>();
export const linesOf = (worker: ChildProcess): string[] => printed.get(worker) ?? [];

/**
 * A rendering worker in its own process (RENDERING_MODE=worker), run from the TypeScript sources with
 * the test bed's environment plus `env`; resolves once it says it is ready. Short lock and stall
 * intervals so a killed worker's job or chunk is noticed within seconds.
 */
export async function startWorkerProcess(
  bedEnv: NodeJS.ProcessEnv,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=256', '-r', REGISTER, join(ROOT, 'services/rendering/src/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...bedEnv,
        RENDERING_MODE: 'worker',
        ZIP_LOCK_DURATION_MS: '4000',
        ZIP_STALLED_INTERVAL_MS: '2000',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const all: string[] = [];
  printed.set(child, all);
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`worker did not start:\n${all.slice(-50).join('\n')}`)),
      60_000,
    );
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        all.push(line);
        if (line.includes('rendering service ready')) {
          clearTimeout(timer);
          ready();
        }
      });
    }
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`worker exited (${code ?? signal}) during start-up:\n${all.slice(-50).join('\n')}`));
    });
  });
  return child;
}

/** VmRSS of a process in MB, or null once it is gone. */
export async function rssMb(pid: number): Promise<number | null> {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}
