import { RPC, RPC_CONTRACTS, RPC_SUBJECTS, SERVICE_NAMES, type RpcSubject } from '@avpass/contracts';
import { RPC_HANDLER_SUBJECTS } from '@avpass/platform';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

// Importing each service's module runs its @RpcHandler decorators, which record their subjects: every
// service of the one list (a new service is checked without a line here).
beforeAll(async () => {
  for (const name of SERVICE_NAMES) await import(`@avpass/${name}-service`);
});

const root = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('the RPC contract map', () => {
  it('has a handler for every subject, and every handler answers a subject of the map', () => {
    const health = SERVICE_NAMES.map((name) => RPC[name].health as RpcSubject);
    // Health handlers are made per service at registration (ServicePlatformModule), from RPC.<name>.health.
    const handled = new Set<RpcSubject>([...RPC_HANDLER_SUBJECTS, ...health]);
    expect(RPC_SUBJECTS.filter((subject) => !handled.has(subject))).toEqual([]);
    expect([...RPC_HANDLER_SUBJECTS].filter((subject) => !(subject in RPC_CONTRACTS))).toEqual([]);
  });

  it('every subject is versioned and every friendly name points into the map', () => {
    for (const subject of RPC_SUBJECTS) expect(subject).toMatch(/^[a-z]+(\.[a-z-]+)+\.v\d+$/);
    const friendly = Object.values(RPC).flatMap((names) => Object.values(names));
    expect(friendly.filter((subject) => !(subject in RPC_CONTRACTS))).toEqual([]);
  });

  it('no service registers a NATS handler around the map (@MessagePattern is only used by @RpcHandler)', () => {
    const offenders = [
      ...sourceFiles(join(root, 'services')),
      ...sourceFiles(join(root, 'libs', 'platform', 'src')),
    ]
      .filter((file) => !file.endsWith(join('messaging', 'rpc-handler.ts')))
      .filter((file) => /@MessagePattern\(|\bMessagePattern\(/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
