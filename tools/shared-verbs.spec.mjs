// Names that say which is which (issue 38): no two injected classes in one service share a public
// method name for different things, apart from the same-meaning names and the renames still owed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { format, judge, sharedVerbs } from './shared-verbs.mjs';

const ROOT = resolve(import.meta.dirname, '..');

describe('the public method names injected classes share', () => {
  it('are, in every service and the gateway, one meaning or a rename owed', () => {
    const verdict = judge(sharedVerbs(ROOT));
    expect(
      verdict.rows.filter((row) => row.standing === 'new').map((row) => `${row.service}:${row.verb}`),
    ).toEqual([]);
    expect(verdict.stale).toEqual([]);
  }, 60_000);
});

describe('shared-verbs on a made-up tree', () => {
  let root;
  const write = (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'avpass-verbs-'));
    write(
      'libs/platform/src/audit.ts',
      `@Injectable() export class AuditTrail {
         constructor(private readonly outbox: Outbox) {}
         record(entry) { return this.outbox.record(entry); }
       }
       @Injectable() export class Outbox { record(event) {} }
       @Injectable() export class Unused { redeem() {} }`,
    );
    write(
      'services/shop/src/orders.ts',
      `@Injectable() export class OrdersService {
         constructor(private readonly orders: OrdersRepository, private readonly audit: AuditTrail) {}
         async cancel(id) { return this.cancelIn(id); }
         private async cancelIn(id) { await this.orders.cancel(id); this.audit.record({}); }
         redeem() {}
         private count() {}
         static run() {}
       }
       @Injectable() export class OrdersRepository {
         cancel(id) {}
         count() {}
         record(row) {}
       }`,
    );
    write(
      'services/shop/src/till.ts',
      `@Injectable() export class TillService { redeem() {} count() {} list() {} }
       export class NotInjected { redeem() {} }
       @Injectable() export class Lines { list() {} }`,
    );
    write('services/shop/src/till.spec.ts', `@Injectable() export class InASpec { redeem() {} }`);
    write('gateway/src/guard.ts', `@Injectable() export class Guard { canActivate() {} }`);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('lists a name two classes have for different things, once per service', () => {
    const found = sharedVerbs(root);
    expect(found).toEqual([
      { service: 'shop', verb: 'count', classes: [['OrdersRepository'], ['TillService']] },
      { service: 'shop', verb: 'list', classes: [['TillService'], ['Lines']] },
      // The platform's own hand-on (AuditTrail.record → Outbox.record) joins nothing; an injected platform
      // class counts, one injected nowhere (Unused) does not.
      { service: 'shop', verb: 'record', classes: [['OrdersRepository'], ['AuditTrail']] },
      { service: 'shop', verb: 'redeem', classes: [['OrdersService'], ['TillService']] },
    ]);
  });

  it('takes a hand-on, even through a private helper, as one meaning one layer down', () => {
    expect(sharedVerbs(root).map((row) => row.verb)).not.toContain('cancel');
  });

  it('marks same-meaning names and renames owed, and fails a pending name that is no longer shared', () => {
    const verdict = judge(
      sharedVerbs(root),
      { list: 'own aggregate' },
      {
        'shop:record': 'rename',
        'shop:run': 'gone',
      },
    );
    expect(verdict.rows.map((row) => [row.verb, row.standing])).toEqual([
      ['count', 'new'],
      ['list', 'same-meaning'],
      ['record', 'pending'],
      ['redeem', 'new'],
    ]);
    expect(verdict.stale).toEqual(['shop:run']);
    expect(format(verdict)).toContain(
      '  redeem                     new          OrdersService | TillService',
    );
    expect(format(verdict)).toContain('stale: shop:run is in PENDING but no longer shared');
  });
});
