import type { Actor, AuditEntry } from '@avpass/contracts';
import { auditService } from '@avpass/audit-service';
import { createServiceApp } from '@avpass/platform';
import { startTestBed, type TestBed } from '@avpass/platform/testing';
import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

export const SUPER_ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };
export const companyActor = (companyId: string): Actor => ({
  userId: randomUUID(),
  role: 'company_admin',
  companyId,
});

export interface AuditServices extends TestBed {
  audit: INestMicroservice;
}

/** The audit service in this process on a fresh database and NATS namespace (real PostgreSQL, NATS). */
export async function startAuditServices(): Promise<AuditServices> {
  let audit: INestMicroservice | undefined;
  const bed = await startTestBed({
    name: 'audit',
    defaultActor: SUPER_ADMIN,
    start: async (b) => {
      audit = await b.add(createServiceApp(auditService, { env: b.env }));
    },
  });
  return { ...bed, audit: audit! };
}

/** An entry as a service records it; `over` sets any field. */
export function entry(over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: randomUUID(),
    at: new Date().toISOString(),
    actorType: 'user',
    actorId: SUPER_ADMIN.userId,
    actorName: 'admin',
    actorRole: 'super_admin',
    actorCompanyId: null,
    action: 'vouchers.voucher.deleted',
    targetType: 'voucher',
    targetId: randomUUID(),
    companyId: null,
    requestId: randomUUID(),
    ip: '203.0.113.7',
    userAgent: 'test',
    changes: null,
    service: 'vouchers',
    ...over,
  };
}

/** Rows straight into the read model, as the consumer writes them. */
export async function insertEntries(bed: TestBed, entries: AuditEntry[]): Promise<void> {
  for (const e of entries) {
    await bed.sql.query(
      `insert into audit.audit_log (id, at, actor_type, actor_id, actor_name, actor_role, actor_company_id,
         action, target_type, target_id, company_id, request_id, ip, user_agent, changes, service)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        e.id,
        e.at,
        e.actorType,
        e.actorId,
        e.actorName,
        e.actorRole,
        e.actorCompanyId,
        e.action,
        e.targetType,
        e.targetId,
        e.companyId,
        e.requestId,
        e.ip,
        e.userAgent,
        e.changes === null ? null : JSON.stringify(e.changes),
        e.service,
      ],
    );
  }
}

export { refusal } from '@avpass/platform/testing';
