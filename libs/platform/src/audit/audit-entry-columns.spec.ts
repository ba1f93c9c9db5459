import { auditEntrySchema, type AuditEntry } from '@avpass/contracts';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ENTRY_COLUMN_LIST,
  AUDIT_ENTRY_COLUMNS,
  AUDIT_ENTRY_PLACEHOLDERS,
  auditEntryOfRow,
  auditEntryValues,
  type AuditEntryDbRow,
} from './audit-entry-columns';
import { AUDIT_TABLE_SQL } from './audit-migration';

const entry: AuditEntry = {
  id: '00000000-0000-4000-8000-000000000001',
  at: '2026-11-29T09:00:00.000Z',
  actorType: 'user',
  actorId: 'u1',
  actorName: 'Ann',
  actorRole: 'super_admin',
  actorCompanyId: null,
  action: 'vouchers.voucher.created',
  targetType: 'voucher',
  targetId: 'c1',
  companyId: '00000000-0000-4000-8000-000000000002',
  requestId: 'r1',
  ip: '10.0.0.1',
  userAgent: 'ua',
  changes: { title: { before: null, after: 'Tune-up' } },
  service: 'vouchers',
};

describe('the one column list of an audit entry', () => {
  it('names every field of the contract’s entry, in the order of the audit_entries table', () => {
    expect(Object.keys(AUDIT_ENTRY_COLUMNS).sort()).toEqual(Object.keys(auditEntrySchema.shape).sort());
    const ddl = AUDIT_TABLE_SQL[0]!;
    const columns = [...ddl.matchAll(/^\s+([a-z_]+) [a-z]+/gm)].map((m) => m[1]).filter((c) => c !== 'seq');
    expect(AUDIT_ENTRY_COLUMN_LIST).toBe(columns.join(', '));
    expect(AUDIT_ENTRY_PLACEHOLDERS.split(', ')).toHaveLength(16);
  });

  it('an entry written as values and read back as a row is the same entry', () => {
    const values = auditEntryValues(entry);
    expect(values[14]).toBe(JSON.stringify(entry.changes));
    const row = Object.fromEntries(
      Object.values(AUDIT_ENTRY_COLUMNS).map((column, i) => [
        column,
        column === 'changes' ? entry.changes : column === 'at' ? new Date(entry.at) : values[i],
      ]),
    ) as AuditEntryDbRow;
    expect(auditEntryOfRow(row)).toEqual(entry);
  });
});
