// bench:capacity's load (issue 28, issue 40): the open screens that poll, the redeems and till checks
// that arrive at a rate, and what is counted of their answers.
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';

const REQUEST_TIMEOUT_MS = 30_000;

// ---- What is counted -----------------------------------------------------------------------------

/** Everything since the last reset: latencies and statuses of screens and redeems. */
function newTally() {
  return {
    screenMs: [],
    redeemMs: { public: [], check: [], till: [] },
    statuses: {},
    shed: 0,
    errors: 0,
    refusals: 0,
  };
}
/** `tally` since the last resetTally(); `totals` over the whole run. */
export const counts = {
  tally: newTally(),
  totals: { redeemed: 0, redeemErrors: 0, shed: 0, errors: 0, wrong: 0, statuses: {} },
  redeemsInFlight: 0,
  errorSamples: [],
};
/** Starts a new tally and answers the one that ends. */
export function resetTally() {
  const ended = counts.tally;
  counts.tally = newTally();
  return ended;
}
function countStatus(what, status) {
  const key = `${what} ${status}`;
  counts.tally.statuses[key] = (counts.tally.statuses[key] ?? 0) + 1;
  counts.totals.statuses[key] = (counts.totals.statuses[key] ?? 0) + 1;
}
function error(what) {
  counts.tally.errors++;
  counts.totals.errors++;
  if (counts.errorSamples.length < 10) counts.errorSamples.push(what);
}
export function wrong(what) {
  counts.totals.wrong++;
  console.error(`WRONG ANSWER: ${what}`);
}

// ---- The load ------------------------------------------------------------------------------------

/** Screens share a pool of keep-alive connections (a browser keeps a few per screen; the pool is the
 * generator's economy, not the server's); redeems have their own, so they never queue behind polls. */
const screensAgent = new Agent({ connections: 256, keepAliveTimeout: 60_000, pipelining: 1 });
const redeemAgent = new Agent({ connections: 64, keepAliveTimeout: 60_000, pipelining: 1 });
export async function closeAgents() {
  await screensAgent.close().catch(() => undefined);
  await redeemAgent.close().catch(() => undefined);
}

async function send(agent, base, path, { method = 'GET', headers = {}, body } = {}) {
  const started = performance.now();
  try {
    const res = await request(`${base}${path}`, {
      dispatcher: agent,
      method,
      headers,
      body,
      headersTimeout: REQUEST_TIMEOUT_MS,
      bodyTimeout: REQUEST_TIMEOUT_MS,
    });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, text, ms: performance.now() - started };
  } catch (err) {
    return { status: 0, headers: {}, text: String(err?.code ?? err), ms: performance.now() - started };
  }
}

/** One open screen: each of its calls on its own timer, with its own ETag. */
export class Screen {
  constructor(base, token, calls) {
    this.base = base;
    this.token = token;
    this.calls = calls.map((call) => ({ ...call, etag: null, timer: null }));
    this.stopped = false;
  }

  start() {
    // Screens open at random moments (within the longest interval); a screen's calls start together,
    // as its page mounts them together.
    const opensIn = Math.random() * Math.max(...this.calls.map((call) => call.every));
    for (const call of this.calls) call.timer = setTimeout(() => this.poll(call), opensIn);
  }

  stop() {
    this.stopped = true;
    for (const call of this.calls) clearTimeout(call.timer);
  }

  async poll(call) {
    if (this.stopped) return;
    const started = performance.now();
    const headers = { authorization: `Bearer ${this.token}`, accept: 'application/json' };
    if (call.etag) headers['if-none-match'] = call.etag;
    const res = await send(screensAgent, this.base, call.path, { headers });
    let next = call.every;
    countStatus('screen', res.status);
    if (res.status === 200) {
      counts.tally.screenMs.push(res.ms);
      let body = null;
      try {
        body = JSON.parse(res.text);
      } catch {
        /* checked below */
      }
      if (!call.check(body)) wrong(`${call.path}: ${res.text.slice(0, 200)}`);
      call.etag = typeof res.headers.etag === 'string' ? res.headers.etag : null;
    } else if (res.status === 304) {
      counts.tally.screenMs.push(res.ms);
      if (!headers['if-none-match']) wrong(`${call.path}: 304 to a request without If-None-Match`);
    } else if (res.status === 503 && res.headers['retry-after'] && /"shed":true/.test(res.text)) {
      // Shed by the gateway (issue 28) — not a service that failed to answer, which is an error.
      counts.tally.shed++;
      counts.totals.shed++;
      next = Math.max(call.every, Number(res.headers['retry-after']) * 1000);
    } else {
      error(`${call.path}: ${res.status} ${res.text.slice(0, 120)}`);
    }
    if (this.stopped) return;
    call.timer = setTimeout(() => this.poll(call), Math.max(0, started + next - performance.now()));
  }
}

/**
 * Redeems and till checks at `rate` a second, open loop (they arrive whether or not earlier ones
 * answered): public redeems (half) of `publicCode()`, till checks and till redeems (a quarter each)
 * with `tillCall()` = { token, code }: a partner's staff session and one of that partner's codes.
 */
export function startRedeems(base, rate, { publicCode, tillCall }) {
  const kinds = ['public', 'check', 'public', 'till'];
  let n = 0;
  const started = performance.now();
  let timer;
  const one = async (kind) => {
    counts.redeemsInFlight++;
    try {
      await oneRedeem(kind);
    } finally {
      counts.redeemsInFlight--;
    }
  };
  const oneRedeem = async (kind) => {
    let res;
    if (kind === 'public') {
      res = await send(redeemAgent, base, `/api/redeem/${publicCode()}`, {
        method: 'POST',
        // A member's key must be a random UUID (decision 146).
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: '{}',
      });
    } else {
      const { token, code } = tillCall();
      res = await send(redeemAgent, base, kind === 'check' ? '/api/till/check' : '/api/till/redeem', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          ...(kind === 'till' ? { 'idempotency-key': randomBytes(12).toString('hex') } : {}),
        },
        body: JSON.stringify({ code }),
      });
    }
    countStatus(kind, res.status);
    if (res.status === 200 || res.status === 201) {
      counts.tally.redeemMs[kind].push(res.ms);
      if (kind !== 'check') counts.totals.redeemed++;
    } else if (res.status === 409) {
      counts.tally.refusals++; // used up by chance: an answer, not an error
      counts.tally.redeemMs[kind].push(res.ms);
    } else {
      if (kind !== 'check') counts.totals.redeemErrors++;
      error(`${kind}: ${res.status} ${res.text.slice(0, 120)}`);
    }
  };
  const tick = () => {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (n < due) void one(kinds[n++ % kinds.length]);
    timer = setTimeout(tick, 10);
  };
  tick();
  return () => clearTimeout(timer);
}
