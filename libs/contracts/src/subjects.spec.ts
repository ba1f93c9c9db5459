import { describe, expect, expectTypeOf, it } from 'vitest';
import { RPC_CONTRACTS, RPC_SUBJECTS } from './rpc-contracts';
import { RPC, rpcNamesOf, SERVICE_NAMES } from './subjects';

describe('the RPC name map, derived from RPC_CONTRACTS', () => {
  it('names every subject once, under its service, by the name its contract gives', () => {
    const named = Object.entries(RPC).flatMap(([service, names]) =>
      Object.entries(names).map(([name, subject]) => ({ service, name, subject })),
    );
    expect(named.map(({ subject }) => subject).sort()).toEqual([...RPC_SUBJECTS].sort());
    for (const { service, name, subject } of named) {
      expect(subject.startsWith(`${service}.`)).toBe(true);
      expect(RPC_CONTRACTS[subject].name).toBe(name);
    }
    expect(Object.keys(RPC)).toEqual([...SERVICE_NAMES]);
    for (const service of SERVICE_NAMES) expect(RPC[service].health).toBe(`${service}.health.v1`);
  });

  it('keeps the call sites typed: RPC.credits.record is its subject literal', () => {
    expect(RPC.credits.record).toBe('credits.transactions.record.v1');
    expectTypeOf(RPC.credits.record).toEqualTypeOf<'credits.transactions.record.v1'>();
    expectTypeOf(RPC.identity.login).toEqualTypeOf<'identity.auth.login.v1'>();
  });

  it('refuses a name used twice in a service and a subject of no known service', () => {
    expect(() => rpcNamesOf({ 'a.x.get.v1': { name: 'get' }, 'a.y.get.v1': { name: 'get' } }, ['a'])).toThrow(
      'a.y.get.v1: RPC.a.get already names a.x.get.v1',
    );
    expect(() => rpcNamesOf({ 'b.x.get.v1': { name: 'get' } }, ['a'])).toThrow(
      'b.x.get.v1: no service "b" in SERVICES (services.ts)',
    );
  });
});
