#!/usr/bin/env node
// npm run bench:statements — a month of partner statements at the size of the network (issue 39, "Scale").
//
// 1. Starts the built platform on a throwaway database (BUSINESS_TIMEZONE UTC, the monthly job off), with
//    SMTP_URL pointing at an SMTP sink in this process (smtp-server: counts and drains every mail).
// 2. Seeds by SQL (bench/support/statements-month.mjs): BENCH_PARTNERS partners (10,000) in the partners
//    schema, a portal user with an e-mail for BENCH_MAIL_FRACTION of them (0.2), and the ledger of the
//    month before this one: BENCH_REDEMPTIONS redemptions and cancels (3,000,000), BENCH_CHARGES credit
//    charges and voids (200,000), BENCH_USAGES merchandise usage reports (50,000), skewed over the
//    partners (BENCH_SKEW). BENCH_SMOKE=1: 200 partners, 60,000 redemptions (a quick run).
// 3. Issues the month (POST /api/statements/issue) and prints the wall time, statements issued, lines
//    frozen, mails queued and the statements service's resident memory (sampled from /proc: before, the
//    highest while issuing, and its VmHWM); then waits for the mail worker to render every PDF and send
//    it (up to BENCH_MAIL_WAIT_S, 900 s) and prints that time; then times the PDF of the largest
//    statements (GET /api/statements/{id}/pdf, BENCH_PDF_SAMPLE, 5; BENCH_PDF_DIR=<dir> keeps them).
// 4. Times the statement pages at that size, a warm-up then the median of BENCH_RUNS (10): the admin's
//    list of the month, the largest partner's statement (first page of lines) and its live preview of
//    the month, both with the partner's own token. Goal < 50 ms each.
// It fails only on a wrong answer (statements issued vs the partners with rows, by SQL), never on slowness.
// BENCH_KEEP_DATABASE=1 keeps the database (its URL is printed); BENCH_DATABASE_URL=<that URL> starts the
// platform on it again (its migrations run) and times the PDFs and the pages only, without seeding or issuing;
// with BENCH_REISSUE=1 as well it first deletes the month's statements, lines and mails and issues again.
// The statements service runs as under npm start: its API (STATEMENTS_MODE=api, which issues) and its mail
// worker (statements-worker, STATEMENTS_MODE=worker, which renders the PDFs and sends): both are sampled.
//
// Measured 2026-11-29 on a shared two-core box (load 9-15; decision 283): full size seeded in 4 min; the
// issue ran at about 4 partners/s (2,593 statements, 624,589 lines, 542 mails sent in 11 min, then
// stopped), the statements service at 540-590 MB resident; on that database, medians of 10: list 50.8 ms,
// a 1,274-line statement 44.1 ms, the largest partner's preview (32,329 rows) 367 ms; PDF of 1,274 lines
// 2.8 s. Smoke (BENCH_SMOKE=1): issue 14 s without mail, 30-55 s with 100 mails (the PDFs are rendered
// in the same process), RSS 203 MB without mail, 445-461 MB with.
// Measured 2026-11-30 (decision 287; same box, load 9-23 from other work), on a kept database with
// BENCH_REISSUE=1: the issue 158 s (63 partners/s, 10,000 statements, 2,444,899 lines, 2,000 mails queued),
// the last mail sent 386 s from the issue's start; the API at 213 MB highest, the mail worker at 241 MB
// (both with a 256 MB heap); medians of 10: list 24.4 ms, a 1,428-line statement 14.0 ms, the largest
// partner's preview 73.4 ms; PDF of the 5 largest (median) 300 ms.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startPlatform } from '../tools/platform.mjs';
import { api, benchPlatformEnv, createBenchDatabase, median, randomPort } from './support/bench-kit.mjs';
import { partnerIdSql, seedLedger, seedPartners, statementsMonthSizes } from './support/statements-month.mjs';

const SIZES = statementsMonthSizes();
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const MAIL_WAIT_S = Number(process.env.BENCH_MAIL_WAIT_S ?? 900);
const PDF_SAMPLE = Number(process.env.BENCH_PDF_SAMPLE ?? 5);
const PDF_DIR = process.env.BENCH_PDF_DIR; // where to keep the sampled PDFs (none kept when unset)
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

// The month before this one, in UTC (the bench's business time zone).
const today = new Date();
const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
const period = monthStart.toISOString().slice(0, 7);
const lastDay = new Date(monthEnd.getTime() - 86_400_000).toISOString().slice(0, 10);

/** An SMTP server that accepts everything and counts it (no parsing: the sink costs next to nothing). */
async function startSmtpSink() {
  const sink = { count: 0, bytes: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 0,
    onData(stream, _session, callback) {
      stream.on('data', (chunk) => (sink.bytes += chunk.length));
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

/** A process's resident set and its peak so far, in kB (from /proc). */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** The CPU seconds a process has used so far (user + system, from /proc/<pid>/stat). */
function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The CPU seconds of every PostgreSQL backend process (this machine's: /proc). */
async function postgresCpuSeconds() {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name)))
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuSecondsOf(pid);
    } catch {
      // gone meanwhile
    }
  return total;
}

/** A POST without fetch's 300 s header timeout (a full issue may take longer). */
function postLong(base, path, token, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
          'idempotency-key': randomUUID(),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          res.statusCode >= 200 && res.statusCode < 300
            ? resolve(JSON.parse(text))
            : reject(new Error(`POST ${path}: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.setTimeout(0);
    req.on('error', reject);
    req.end(payload);
  });
}

const reuse = process.env.BENCH_DATABASE_URL;
const keep = Boolean(reuse || process.env.BENCH_KEEP_DATABASE);
const reissue = Boolean(reuse && process.env.BENCH_REISSUE);
const db = reuse ? { url: reuse, drop: async () => undefined } : await createBenchDatabase();
const sink = await startSmtpSink();
let platform;
let failed = false;
const figures = [];
const figure = (label, value) => {
  figures.push({ label, value });
  console.log(`${label}: ${value}`);
};
const wrong = (what, got, want) => {
  if (got === want) return;
  failed = true;
  console.error(`WRONG ANSWER: ${what}: got ${got}, expected ${want}`);
};
try {
  const port = randomPort();
  const admin = { username: 'admin', password: 'bench-statements-admin' };
  const env = benchPlatformEnv({
    dbUrl: db.url,
    port,
    admin,
    // Fixed, so that a kept database can be timed again (BENCH_DATABASE_URL).
    roleSecret: 'bench-statements-role-secret',
    BUSINESS_TIMEZONE: 'UTC',
    RPC_TIMEOUT_MS: '120000',
    SMTP_URL: sink.url,
    MAIL_FROM: 'AV Pass <statements@bench.example>',
    STATEMENTS_ISSUE_CRON: '',
  });
  console.log(
    `bench:statements — ${SIZES.partners.toLocaleString('en')} partners (${SIZES.mailFraction * 100} % with a portal user), ` +
      `${period}: ${SIZES.redemptions.toLocaleString('en')} redemptions, ${SIZES.charges.toLocaleString('en')} credit charges, ` +
      `${SIZES.usages.toLocaleString('en')} usage reports; medians of ${RUNS}`,
  );
  let started = performance.now();
  platform = await startPlatform({
    env,
    readyTimeoutMs: 300_000,
    onLine: (text) => {
      if (/"level":(50|60)/.test(text)) process.stderr.write(`${text}\n`);
    },
  });
  console.log(`platform up in ${seconds(performance.now() - started)}`);
  const base = `http://127.0.0.1:${port}`;
  const adminToken = (await api(base, '/api/auth/login', { json: admin })).token;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();

  const staff = { username: 'bench-big-staff', password: 'bench-big-password' };
  const bigPartner = (await client.query(`select ${partnerIdSql(1)} as id`)).rows[0].id;
  if (!reuse) {
    started = performance.now();
    await seedPartners(client, SIZES);
    figure('partners and portal users seeded', seconds(performance.now() - started));
    started = performance.now();
    await seedLedger(client, SIZES, {
      monthStart: monthStart.toISOString(),
      monthEnd: monthEnd.toISOString(),
    });
    const entries = Number(
      (await client.query('select count(*) n from statements.statement_entries')).rows[0].n,
    );
    figure(`ledger seeded (${entries.toLocaleString('en')} rows)`, seconds(performance.now() - started));
    if (keep) console.log(`database kept: BENCH_DATABASE_URL=${db.url}`);
    // Partner 1 has the most rows: its own staff signs in to read its statement.
    await api(base, `/api/partners/${bigPartner}/users`, { token: adminToken, json: staff });
  }
  const companyToken = (await api(base, '/api/auth/company-login', { json: staff })).token;
  const withRows = Number(
    (await client.query('select count(distinct partner_id) n from statements.statement_entries')).rows[0].n,
  );

  // Issue the month (not again on a kept database unless BENCH_REISSUE), sampling the statements
  // service's memory: its API process (which issues) and its mail worker (which renders and sends).
  if (!reuse || reissue) {
    if (reissue) {
      await client.query(
        'truncate statements.statement_lines, statements.statements, statements.outgoing_mail',
      );
      console.log('kept database: statements, lines and mails deleted, issuing again');
    }
    const pid = platform.pid('statements');
    const workerPid = platform.pid('statements-worker');
    const before = memoryOf(pid);
    const workerBefore = memoryOf(workerPid);
    const cpuBefore = cpuSecondsOf(pid);
    const workerCpuBefore = cpuSecondsOf(workerPid);
    const dbCpuBefore = await postgresCpuSeconds(client);
    let highest = before.rss;
    let workerHighest = workerBefore.rss;
    const sampler = setInterval(() => {
      highest = Math.max(highest, memoryOf(pid).rss);
      workerHighest = Math.max(workerHighest, memoryOf(workerPid).rss);
    }, 100);
    started = performance.now();
    // The gateway waits RPC_TIMEOUT_MS (at most 120 s) for the answer; a longer issue goes on in the
    // service, so the bench then waits for every partner's statement by SQL.
    let answer = await postLong(base, '/api/statements/issue', adminToken, { period }).catch((error) => {
      console.log(`  the issue's answer: ${error.message.slice(0, 160)}; waiting for the statements by SQL`);
      return null;
    });
    const issuedSoFar = async () =>
      Number((await client.query('select count(*) n from statements.statements')).rows[0].n);
    while (!answer && (await issuedSoFar()) < withRows)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const issueMs = performance.now() - started;
    answer ??= { issued: await issuedSoFar(), answeredBy: 'SQL' };
    const after = memoryOf(pid);
    const apiHighest = highest;
    const counts = (
      await client.query(
        `select (select count(*) from statements.statements) as statements,
              (select count(*) from statements.statement_lines) as lines,
              (select max(line_count) from statements.statements) as biggest,
              (select count(*) from statements.outgoing_mail) as mails`,
      )
    ).rows[0];
    wrong('statements issued', answer.issued, withRows);
    wrong('statements rows', Number(counts.statements), withRows);
    figure('issue wall time', seconds(issueMs));
    figure(
      'CPU while issuing',
      `statements API ${(cpuSecondsOf(pid) - cpuBefore).toFixed(1)} s, mail worker ${(
        cpuSecondsOf(workerPid) - workerCpuBefore
      ).toFixed(1)} s, PostgreSQL ${((await postgresCpuSeconds(client)) - dbCpuBefore).toFixed(1)} s`,
    );
    figure('statements issued', answer.issued.toLocaleString('en'));
    figure(
      'lines frozen',
      `${Number(counts.lines).toLocaleString('en')} (largest statement ${Number(counts.biggest).toLocaleString('en')})`,
    );
    figure('mails queued', Number(counts.mails).toLocaleString('en'));
    figure(
      'statements API RSS',
      `${mb(before.rss)} before, ${mb(apiHighest)} highest while issuing, ${mb(after.rss)} after (VmHWM ${mb(after.hwm)})`,
    );
    figure('partners issued per second', (Number(counts.statements) / (issueMs / 1000)).toFixed(1));

    // The mail worker renders each PDF and sends it.
    const mailStarted = performance.now();
    const deadline = Date.now() + MAIL_WAIT_S * 1000;
    let state;
    for (;;) {
      state = (
        await client.query(
          `select count(*) filter (where status = 'queued') as queued, count(*) filter (where status = 'sent') as sent,
                count(*) filter (where status = 'failed') as failed from statements.outgoing_mail`,
        )
      ).rows[0];
      if (Number(state.queued) === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const mailMs = performance.now() - mailStarted;
    clearInterval(sampler);
    figure(
      Number(state.queued) ? `mail after ${MAIL_WAIT_S} s (gave up)` : 'mail drained after the issue',
      `${seconds(mailMs)} more (${seconds(issueMs + mailMs)} from the issue's start): ${state.sent} sent, ` +
        `${state.failed} failed, ${state.queued} queued; the sink got ${sink.count} (${(sink.bytes / 1048576).toFixed(0)} MB)`,
    );
    figure('statements API RSS after the mail', `${mb(memoryOf(pid).rss)} (highest ${mb(highest)})`);
    figure(
      'statements mail worker RSS',
      `${mb(workerBefore.rss)} before, ${mb(workerHighest)} highest while issuing and sending, VmHWM ${mb(
        memoryOf(workerPid).hwm,
      )}; CPU ${(cpuSecondsOf(workerPid) - workerCpuBefore).toFixed(1)} s`,
    );
  }

  // The PDF of the largest statements, one at a time through the gateway.
  const largest = (
    await client.query(
      `select id, line_count from statements.statements order by line_count desc limit ${PDF_SAMPLE}`,
    )
  ).rows;
  const pdfTimes = [];
  for (const { id, line_count: lines } of largest) {
    const t = performance.now();
    const res = await fetch(`${base}/api/statements/${id}/pdf`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const pdf = Buffer.from(await res.arrayBuffer());
    const bytes = pdf.byteLength;
    pdfTimes.push(performance.now() - t);
    if (PDF_DIR) writeFileSync(`${PDF_DIR}/statement-${lines}-lines-${id}.pdf`, pdf);
    console.log(
      `  PDF of ${lines} lines: ${(performance.now() - t).toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} kB`,
    );
  }
  figure(`PDF of the ${largest.length} largest statements (median)`, `${median(pdfTimes).toFixed(0)} ms`);

  // The pages, at that size.
  // The largest partner's statement; on a kept database whose issue was cut short, the largest issued
  // (read with the administrator's token, which costs the same).
  const own = (
    await client.query('select id, line_count from statements.statements where partner_id = $1', [bigPartner])
  ).rows[0];
  const big =
    own ??
    (await client.query('select id, line_count from statements.statements order by line_count desc limit 1'))
      .rows[0];
  const bigStatement = big.id;
  const detailToken = own ? companyToken : adminToken;
  const rows = [];
  const time = async (label, path, token, check) => {
    let body = await api(base, path, { token });
    check?.(body);
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      body = await api(base, path, { token });
      times.push(performance.now() - t);
    }
    rows.push({ label, ms: median(times) });
  };
  await time(
    `GET /api/statements?period=${period} (admin, first page)`,
    `/api/statements?period=${period}`,
    adminToken,
    (b) => wrong('first page of the list', b.items.length > 0, true),
  );
  await time(
    `GET /api/statements/{id} (${big.line_count} lines${own ? '' : ', as admin'}, first page of lines)`,
    `/api/statements/${bigStatement}`,
    detailToken,
    (b) => wrong('largest statement id', b.id, bigStatement),
  );
  await time(
    `GET /api/statements/preview (the largest partner, ${period})`,
    `/api/statements/preview?from=${period}-01&to=${lastDay}`,
    companyToken,
  );
  const width = Math.max(...rows.map((r) => r.label.length));
  console.log(`\n| ${'figure'.padEnd(width)} | value |`);
  console.log(`|${'-'.repeat(width + 2)}|------:|`);
  for (const f of figures) console.log(`| ${f.label.padEnd(width)} | ${f.value} |`);
  for (const r of rows)
    console.log(
      `| ${r.label.padEnd(width)} | ${r.ms.toFixed(1)} ms (goal < 50 ms${r.ms <= 50 ? '' : ', over'}) |`,
    );
  await client.end();
  console.log(failed ? '\nFAILED: a wrong answer (see above)' : '\nevery count matches SQL');
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await platform?.stop();
  await sink.stop();
  if (!keep) await db.drop().catch(() => undefined);
}
process.exit(failed ? 1 : 0);
