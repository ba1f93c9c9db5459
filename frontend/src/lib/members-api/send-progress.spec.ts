import { describe, expect, it } from 'vitest';
import { sendIsRunning, sendProgressSchema } from './send-progress';

const answer = {
  sendId: 'a',
  status: 'done',
  members: 3,
  queued: 4,
  skipped: { email: 1, sms: 1 },
  recorded: 4,
  pending: 0,
  sent: 3,
  delivered: 1,
  failed: 1,
  refused: 0,
  reason: null,
};

describe('a send’s progress as the dialog reads it', () => {
  it('reads the figures it shows and polls only while the send runs', () => {
    const done = sendProgressSchema.parse(answer);
    expect(done).toEqual({
      status: 'done',
      queued: 4,
      recorded: 4,
      pending: 0,
      sent: 3,
      failed: 1,
      refused: 0,
      reason: null,
    });
    expect(sendIsRunning(done)).toBe(false);
    expect(sendIsRunning(undefined)).toBe(true);
    expect(sendIsRunning({ ...done, status: 'expanding' })).toBe(true);
    expect(sendIsRunning({ ...done, pending: 2 })).toBe(true);
    expect(sendIsRunning({ ...done, status: 'failed', reason: 'QR code not found' })).toBe(false);
  });

  it('refuses an answer that does not say how the send is going', () => {
    expect(() => sendProgressSchema.parse({ queued: 1 })).toThrow('how the send is going');
  });
});
