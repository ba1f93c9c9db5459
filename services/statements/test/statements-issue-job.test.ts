import { STATEMENT_REFUSALS, STATEMENTS_ISSUE_PERIOD_JOB, statementsQueueName } from '@avpass/contracts';
import { refusal, waitFor } from '@avpass/platform/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStatementServices, type StatementServices } from './support/services';

// Issue 39: the administrator's issue of a month is a job on the statements queue. Ten thousand partners
// take minutes, longer than the gateway waits for a call: past STATEMENTS_ISSUE_ANSWER_MS (1 ms here)
// the call answers `running` with the counts so far, and the statements keep appearing.
let s: StatementServices;
beforeAll(async () => {
  s = await startStatementServices({ env: { STATEMENTS_ISSUE_ANSWER_MS: '1' } });
});
afterAll(async () => s?.close());

const statementsOf = async (period: string, partnerId: string) =>
  (await s.call('statements.statements.list.v1', { period, partnerId })).items;

describe('issuing a month in the background', () => {
  it('answers running, issues each partner once however often it is asked, and refuses a month not over', async () => {
    const partners = [randomUUID(), randomUUID()];
    for (const partnerId of partners) await s.charge(700, '2025-05-20T18:00:00Z', partnerId);
    await waitFor(
      async () => {
        for (const partnerId of partners) {
          const preview = await s.call('statements.preview.v1', {
            partnerId,
            from: '2025-05-01',
            to: '2025-05-31',
          });
          if (preview.totals.clubOwesCents !== 700) return false;
        }
        return true;
      },
      { timeoutMs: 20_000 },
    );
    const answers = await Promise.all([
      s.call('statements.statements.issue.v1', { period: '2025-05' }),
      s.call('statements.statements.issue.v1', { period: '2025-05' }),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ period: '2025-05', running: true });
    await waitFor(
      async () => {
        for (const partnerId of partners)
          if ((await statementsOf('2025-05', partnerId)).length !== 1) return false;
        return true;
      },
      { timeoutMs: 20_000, message: 'both statements issued' },
    );
    // The second job found them issued: still one each.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const partnerId of partners) expect(await statementsOf('2025-05', partnerId)).toHaveLength(1);

    const future = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 7);
    expect(await refusal(s.call('statements.statements.issue.v1', { period: future }))).toMatchObject({
      code: 'CONFLICT',
      message: STATEMENT_REFUSALS.periodNotOver(future),
    });
  });

  it('a job naming no month is refused by the worker, which trusts nothing in a job', async () => {
    const queue = new Queue(statementsQueueName(s.env.NATS_NAMESPACE!), {
      connection: { url: s.env.REDIS_URL! },
    });
    try {
      const job = await queue.add(STATEMENTS_ISSUE_PERIOD_JOB, { period: "2025-05'; drop table statements" });
      const state = await waitFor(
        async () => {
          const current = await job.getState();
          return current === 'failed' || current === 'completed' ? current : null;
        },
        { timeoutMs: 20_000 },
      );
      expect(state).toBe('failed');
      expect((await queue.getJob(job.id!))?.failedReason).toContain('not a month');
    } finally {
      await queue.close();
    }
  });
});
