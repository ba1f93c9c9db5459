#!/usr/bin/env node
// npm run bench:member-sends — a voucher sent to 50,000 members by e-mail and SMS (issue 41, decision 325).
//
// Starts the built platform on a throwaway database with SMTP_URL at an SMTP sink in this process and
// TWILIO_API_URL at a Messages API sink in this process (both only count), seeds BENCH_MEMBERS members
// (50,000) by SQL with the tag `bench`, both consents, an e-mail and a phone each, makes a batch of as many
// codes (BENCH_SOURCE=voucher: one voucher, each member a copy of it), then POSTs /api/members/send
// {batchId | qrCodeId, tag: 'bench', channels: ['email', 'sms']} and prints:
// - the request's time (it records the send and answers {queued});
// - the time until the send is expanded: every member's code issued by the vouchers service and every
//   mail and SMS recorded (status `done`, by SQL), with the counts of codes, mails and SMS;
// - the mails and SMS handed to the sinks by then and BENCH_DRAIN_S (20) seconds later (sending runs at
//   SMS_RATE_PER_SECOND and the mail worker's pace, after the queueing that is measured).
// Goal: queued (expanded) in under a minute. Fails only on a wrong answer (counts), never on slowness.
// BENCH_KEEP_DATABASE=1 keeps the database; MEMBERS_SEND_PAGE sets the members service's page (1000).
//
// Measured 2026-11-30 on the shared two-core box with three other sessions at work (load 27-35):
// the request 356-596 ms (the send recorded, 100,000 messages counted). A batch of 50,000 codes, page
// 1000: everything queued in 319.6 s with issuing and recording one after the other, 174.5 s with the next
// page's codes asked for while a page is recorded (about 570 messages a second). BENCH_SOURCE=voucher
// (each member a copy of one voucher made for a partner): about 33 messages a second, stopped at 10,000
// after 315 s: the vouchers service makes each copy's partner assignment, tallies, event and audit entry
// one code at a time (vouchers.members.issue.v1, its side to make set-based). Later the same day, the
// box quieter (load 6-7): the request 65-189 ms, a 50,000-member batch send queued in 55.3 s (page 1000)
// and 56.6 s (MEMBERS_SEND_PAGE=5000): under the minute; the mail and SMS workers then send at their pace.
// BENCH_SOURCE=voucher once the copies were written set-based per page (decision 321), load 15-18, nice 10:
// BENCH_MEMBERS=3000 queued in 40.3 / 40.8 / 38.3 s before (median 40.3 s, about 150 messages a second)
// and 12.1 / 9.5 / 9.0 s after (median 9.5 s, about 630 a second). 50,000 members: 193.0 / 124.3 / 121.9 s
// (median 124.3 s, about 800 messages a second; a batch send the same hour: 81.1 s). Not yet the minute:
// the vouchers service's call for a page of 1,000 copies takes 0.73-0.91 s in its test bed (the codes'
// insert about 0.2 s, assignments 0.15 s, the events' and audit entries' statement 0.3-0.35 s), about 40 s
// of the whole; a copy send also publishes 50,000 events more than a batch send (each code's created
// event, besides the audit entry's both write), which consumers take on the same two cores. Not measured apart.
// Measured apart 2026-11-30 (decision 337; BENCH_READY_S lets the platform start on a box this busy): per
// chunk of 1,000 copies the vouchers service ran the ORM's insert as four statements of 300 rows (0.2-0.37 s
// each), the bulk assignment (1.1-4.5 s: a sequential scan for `id = any(1,000 ids)` and an UPDATE of every
// new row) and the events' and audit entries' statement (1.0-2.1 s) (auto_explain, load 30-35); and the
// gateway's poll versions asked vouchers.codes.get-public.v1 once per created event, 50,000 asks on the
// vouchers service's pool while it wrote (hundreds of pool timeouts logged). Now one statement a chunk and
// no asks. BENCH_SOURCE=voucher BENCH_MEMBERS=10000 on the shared box, three or four other sessions at work
// (load 39-58): before 250.4 / 152.1 s (vouchers service 16-20 CPU-s), after 96.6 / 71.0 s (8-9 CPU-s, its
// database backends 3-4 CPU-s); 50,000 at load 40-65: 397.9 s after, the box too busy for the minute to be
// judged (the audit service, consuming 50,000 entries, took as much CPU as the vouchers service).
// It now prints each app's CPU seconds until queued, and the bench database's backends' (`postgres`).
// Decision 346 (one audit entry per chunk, chunk statements' values as parameters, copies as plain rows,
// the relays' sweep and claim), same box, load 13-27: 50,000 members 228.9 s and 155 CPU-s before;
// after, 48.4-54.6 s at load 13-22 and 73.8-107.8 s at 22-27, 46-63 CPU-s (postgres about 22, members
// 15, vouchers 8, audit 1); 10,000 members median 41.5 s / 28 CPU-s before, 9.0-25.0 s / 9-11 after.
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { SERVICES, startPlatform } from '../tools/platform.mjs';
import { api, benchPlatformEnv, createBenchDatabase, randomPort } from './support/bench-kit.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const DRAIN_S = Number(process.env.BENCH_DRAIN_S ?? 20);
/** `batch` (default): a batch of BENCH_MEMBERS codes made first, each member given one; `voucher`: a copy each. */
const SOURCE = process.env.BENCH_SOURCE ?? 'batch';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const hex = (n) => randomBytes(n).toString('hex');

async function startSmtpSink() {
  const sink = { count: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        sink.count += 1;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${server.server.address().port}`;
  sink.stop = () => new Promise((resolve) => server.close(resolve));
  return sink;
}

/** Twilio's Messages API as far as a send goes: every POST accepted (201 with a message SID). */
async function startTwilioSink() {
  const sink = { count: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      sink.count += 1;
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid: `SM${hex(16)}`, status: 'queued' }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `http://127.0.0.1:${server.address().port}`;
  sink.stop = () => new Promise((resolve) => server.close(resolve));
  return sink;
}

/** An app's CPU seconds so far (user + system, from /proc; Linux's 100 ticks a second), NaN when unknown. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The CPU seconds of the PostgreSQL backends serving `database` now, by pid (when /proc shows them). */
function databaseBackends(database) {
  const backends = {};
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres: ') && cmdline.includes(` ${database} `))
        backends[pid] = cpuSeconds(pid);
    } catch {
      // gone meanwhile
    }
  }
  return backends;
}

/** Every app's CPU seconds now, by name, and the database's backends' together (`postgres`). */
function cpuByApp(platform, database) {
  const apps = Object.fromEntries(
    [...SERVICES, 'gateway'].map((name) => [name, cpuSeconds(platform.pid(name))]),
  );
  return { ...apps, postgres: databaseBackends(database) };
}

/** The apps that used CPU between two readings, busiest first: `members 12.3, vouchers 8.1, …`. */
function cpuSpent(before, after) {
  const backends = Object.entries(after.postgres).reduce(
    (sum, [pid, s]) => sum + s - (before.postgres[pid] ?? 0),
    0,
  );
  const spent = Object.keys(after)
    .map((name) => [name, name === 'postgres' ? backends : after[name] - before[name]])
    .filter(([, s]) => s >= 0.05)
    .sort((a, b) => b[1] - a[1]);
  const total = spent.reduce((sum, [, s]) => sum + s, 0);
  return `${total.toFixed(1)} CPU-s (${spent.map(([n, s]) => `${n} ${s.toFixed(1)}`).join(', ')})`;
}

async function seedMembers(db) {
  await db.query(
    `insert into members.members (id, first_name, last_name, email, phone, language, tags,
                                  email_consent, email_consent_at, email_consent_source,
                                  sms_consent, sms_consent_at, sms_consent_source)
     select gen_random_uuid(), 'Member' || i, 'Bench', 'member' || i || '@bench.example',
            '+34' || (600000000 + i)::text, case when i % 3 = 0 then 'es' else 'en' end, '{bench}',
            true, now(), 'import', true, now(), 'import'
       from generate_series(1, $1::int) as i`,
    [MEMBERS],
  );
  await db.query('analyze members.members');
}

const database = await createBenchDatabase();
const smtp = await startSmtpSink();
const twilio = await startTwilioSink();
const port = randomPort();
const admin = { username: 'admin', password: `bench-${hex(6)}` };
let platform;
const db = new pg.Client({ connectionString: database.url });
try {
  platform = await startPlatform({
    env: benchPlatformEnv({
      dbUrl: database.url,
      port,
      admin,
      SMTP_URL: smtp.url,
      TWILIO_ACCOUNT_SID: `AC${hex(16)}`,
      TWILIO_AUTH_TOKEN: hex(16),
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: twilio.url,
      SMS_RATE_PER_SECOND: '100',
      MEMBERS_LINK_SECRET: hex(32),
      MEMBERS_SEND_PAGE: process.env.MEMBERS_SEND_PAGE ?? '1000',
    }),
    onLine: (text) => {
      if (/"level":(50|60)/.test(text)) process.stderr.write(`${text}\n`);
    },
    // A busy shared box can take longer than the default minute to start every service.
    readyTimeoutMs: Number(process.env.BENCH_READY_S ?? 60) * 1000,
  });
  await db.connect();
  const base = `http://127.0.0.1:${port}`;
  const { token } = await api(base, '/api/auth/login', { json: admin });
  const partner = await api(base, '/api/vendors', {
    token,
    json: { name: 'Bench Partner', email: 'partner@bench.example' },
  });
  const code = {
    discountType: 'percentage',
    discountValue: '10',
    service: 'Bench',
    expirationDate: '2099-12-31',
    usageLimit: '1',
    partnerId: partner.id,
  };
  const source =
    SOURCE === 'voucher'
      ? { qrCodeId: (await api(base, '/api/generate-qr', { token, json: code })).id }
      : {
          batchId: (
            await api(base, '/api/bulk-generate', {
              token,
              json: { ...code, batchName: 'Bench', quantity: String(MEMBERS) },
            })
          ).batchId,
        };
  const seedStart = performance.now();
  await seedMembers(db);
  console.log(`seeded ${MEMBERS.toLocaleString('en')} members in ${seconds(performance.now() - seedStart)}`);

  const cpuAtStart = cpuByApp(platform, database.name);
  const start = performance.now();
  const res = await fetch(`${base}/api/members/send`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ ...source, tag: 'bench', channels: ['email', 'sms'] }),
  });
  const answer = await res.json();
  const requestMs = performance.now() - start;
  if (res.status !== 202) throw new Error(`send: ${res.status} ${JSON.stringify(answer)}`);
  console.log(`POST /api/members/send answered in ${requestMs.toFixed(0)} ms: ${JSON.stringify(answer)}`);

  let status = 'expanding';
  let lastReport = performance.now();
  while (status === 'expanding') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      const { rows } = await db.query('select count(*)::int as n from members.member_deliveries');
      console.log(`  ${seconds(lastReport - start)}: ${rows[0].n} messages recorded`);
    }
    const { rows } = await db.query('select status, last_error from members.member_sends where id = $1', [
      answer.sendId,
    ]);
    status = rows[0].status;
    if (status === 'failed') throw new Error(`send failed: ${rows[0].last_error}`);
  }
  const queuedMs = performance.now() - start;
  const cpuAtQueued = cpuByApp(platform, database.name);
  const counts = (
    await db.query(`select (select count(*)::int from members.member_deliveries) as deliveries,
                           (select count(*)::int from members.outgoing_mail) as mails,
                           (select count(*)::int from members.outgoing_sms) as sms`)
  ).rows[0];
  const codes = (
    await db.query('select count(*)::int as n from vouchers.qr_codes where holder_member_id is not null')
  ).rows[0]?.n;
  console.log(
    `queued: ${MEMBERS.toLocaleString('en')} members, ${codes} codes issued, ${counts.mails} mails and ` +
      `${counts.sms} SMS recorded in ${seconds(queuedMs)} (goal < 60 s); sent by then: ${smtp.count} mails, ${twilio.count} SMS`,
  );
  console.log(`CPU of the apps until queued: ${cpuSpent(cpuAtStart, cpuAtQueued)}`);
  if (counts.mails !== MEMBERS || counts.sms !== MEMBERS || counts.deliveries !== 2 * MEMBERS)
    throw new Error(`expected ${MEMBERS} mails and SMS, got ${JSON.stringify(counts)}`);
  await new Promise((resolve) => setTimeout(resolve, DRAIN_S * 1000));
  console.log(`${DRAIN_S} s later: ${smtp.count} mails and ${twilio.count} SMS handed to the sinks`);
  console.log(
    `CPU of the apps since the send began: ${cpuSpent(cpuAtStart, cpuByApp(platform, database.name))}`,
  );
} finally {
  await db.end().catch(() => undefined);
  await platform?.stop();
  await smtp.stop();
  await twilio.stop();
  if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`database kept: ${database.url}`);
  else await database.drop();
}
