// Same-work "service": answers NATS requests with THE PRODUCT'S OWN REDEEM STATEMENT (the conditional
// increment, the redemption, the pending tally, the outbox event and the audit entry with its event, in
// one CTE) on the product's schema, with raw `pg`: no NestJS, no MikroORM, no validation, no rate
// limiter, no check of what the statement wrote. The statement comes from the vouchers service's
// built statement builder (`redeemStatement` in services/vouchers/dist/redemptions/redemptions.repository.js
// of STATEMENT_ROOT), so it is the product's SQL, never a copy.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { connect, JSONCodec } from 'nats';
import pg from 'pg';

const { DATABASE_URL, NATS_URL = 'nats://127.0.0.1:4222', SUBJECT, STATEMENT_ROOT } = process.env;
const require = createRequire(join(STATEMENT_ROOT, 'services', 'vouchers', 'package.json'));
const { redeemStatement } = require('./dist/redemptions/redemptions.repository.js');
const { describeDevice } = require('./dist/redemptions/device.js');
const { SqlEventWriter, AuditTrail } = require('@avpass/platform');
const { SELF_SERVICE_REDEEMER } = require('@avpass/contracts');

// The writers outside Nest: nothing to wake (no relay runs here) and no transactional outbox needed.
const events = new SqlEventWriter({ kick() {} });
const audit = new AuditTrail(null, events, { name: 'vouchers' });

/**
 * `?` placeholders (MikroORM's) as `$n` (pg's), as a named prepared statement (planned once per
 * connection, as the product runs it: libs/platform/src/database/prepared-statement.ts); cached per
 * statement text, which is the same on every call.
 */
const statements = new Map();
function prepared(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    let n = 0;
    statement = { name: `same_work_${statements.size}`, text: sql.replace(/\?/g, () => `$${++n}`) };
    statements.set(sql, statement);
  }
  return statement;
}

// The product's pool size (libs/platform/src/database/orm-config.ts) and its schema on the search_path.
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10, options: '-c search_path=vouchers' });
const nc = await connect({ servers: NATS_URL, name: 'bench-same-work-service' });
const codec = JSONCodec();
const sub = nc.subscribe(SUBJECT, { queue: 'same-work' });
process.send?.('ready');

for await (const msg of sub) {
  const { id, ip, userAgent, requestId } = codec.decode(msg.data);
  const now = new Date();
  const at = now.toISOString();
  const today = at.slice(0, 10); // the bench runs in UTC terms; no code here has a start date or hours
  const ua = userAgent ? userAgent.slice(0, 1000) : null;
  const statement = redeemStatement(
    {
      codeId: id,
      validFrom: today,
      startedBy: today,
      redemptionId: randomUUID(),
      at,
      day: today,
      deviceInfo: describeDevice(ua),
      ipAddress: ip ?? null,
      userAgent: ua,
      minuteOfDay: now.getUTCHours() * 60 + now.getUTCMinutes(),
      transactionAmount: null,
      discountApplied: null,
      channel: 'self',
      partnerId: null,
      partnerName: null,
      honouredBy: null,
      redeemedBy: SELF_SERVICE_REDEEMER,
      redeemedByUserId: null,
      scannedAt: null,
      meta: { requestId, ip, ...(ua ? { userAgent: ua } : {}) },
    },
    events,
    audit,
  );
  const params = [...statement.params, ...statement.event.params, ...statement.audit.params];
  pool.query({ ...prepared(statement.sql), values: params }).then(
    (r) =>
      msg.respond(codec.encode(r.rowCount ? { ok: true, usageCount: r.rows[0].usageCount } : { ok: false })),
    (e) => msg.respond(codec.encode({ ok: false, error: String(e) })),
  );
}
