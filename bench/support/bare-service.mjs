// Baseline "service": answers NATS requests with ONE PostgreSQL statement (the conditional increment),
// nothing else — no framework, no validation, no transaction, no redemption row.
import { connect, JSONCodec } from 'nats';
import pg from 'pg';

const { DATABASE_URL, NATS_URL = 'nats://127.0.0.1:4222', SUBJECT } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const nc = await connect({ servers: NATS_URL, name: 'bench-bare-service' });
const codec = JSONCodec();
const sub = nc.subscribe(SUBJECT, { queue: 'bare' });
process.send?.('ready');
for await (const msg of sub) {
  const { id } = codec.decode(msg.data);
  pool
    .query(
      'UPDATE bench_codes SET usage_count = usage_count + 1 WHERE id = $1 AND usage_count < usage_limit RETURNING usage_count',
      [id],
    )
    .then(
      (r) =>
        msg.respond(
          codec.encode(r.rowCount ? { ok: true, usageCount: r.rows[0].usage_count } : { ok: false }),
        ),
      (e) => msg.respond(codec.encode({ ok: false, error: String(e) })),
    );
}
