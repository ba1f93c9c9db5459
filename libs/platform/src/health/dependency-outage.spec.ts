import { ConnectionException } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { DependencyOutageLog, unavailableDependency } from './dependency-outage';

describe('an unreachable dependency is told apart from a bug', () => {
  it('recognises PostgreSQL restarting or refusing connections, also when wrapped', () => {
    expect(
      unavailableDependency(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).toBe('postgres');
    expect(
      unavailableDependency(
        Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      ),
    ).toBe('postgres');
    expect(
      unavailableDependency(
        new Error('wrapped', {
          cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
            code: 'ECONNREFUSED',
            port: 5432,
          }),
        }),
      ),
    ).toBe('postgres');
    expect(
      unavailableDependency(new ConnectionException(new Error('Connection terminated unexpectedly'))),
    ).toBe('postgres');
  });

  it('recognises Redis without an offline queue or past its command deadline', () => {
    expect(
      unavailableDependency(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
    ).toBe('redis');
    expect(unavailableDependency(new Error('Command timed out'))).toBe('redis');
  });

  it('leaves bugs and constraint violations alone', () => {
    expect(unavailableDependency(new TypeError('x is undefined'))).toBeNull();
    expect(unavailableDependency(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
  });
});

describe('an outage is logged once, not once per request', () => {
  it('says down once, reminds at most every 30 s with a count, and says back once', () => {
    let now = 0;
    const lines: string[] = [];
    const log = new DependencyOutageLog(
      { warn: (m) => lines.push(m), log: (m) => lines.push(m) },
      30_000,
      () => now,
    );
    for (let i = 0; i < 1000; i++) log.down('nats');
    now = 31_000;
    log.down('nats');
    log.up('nats');
    log.up('nats');
    expect(lines).toEqual([
      'nats is unavailable; answering 503 until it is back',
      'nats still unavailable after 31 s; 1000 requests refused since the last message',
      'nats is back after 31.0 s',
    ]);
  });
});
