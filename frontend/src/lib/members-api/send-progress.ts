/** GET /api/members/sends/{sendId}, as the dialog shows it (the contract's fields it reads). */
export interface SendProgress {
  status: 'expanding' | 'done' | 'failed';
  queued: number;
  recorded: number;
  pending: number;
  sent: number;
  failed: number;
  refused: number;
  reason: string | null;
}

const count = (value: unknown) => (typeof value === 'number' && value >= 0 ? value : 0);

/** Read by hand: the dialog's first load carries no zod (see send-to-members-button.tsx). */
export const sendProgressSchema = {
  parse(value: unknown): SendProgress {
    const body = (value ?? {}) as Record<string, unknown>;
    if (body.status !== 'expanding' && body.status !== 'done' && body.status !== 'failed')
      throw new Error('The answer did not say how the send is going');
    return {
      status: body.status,
      queued: count(body.queued),
      recorded: count(body.recorded),
      pending: count(body.pending),
      sent: count(body.sent),
      failed: count(body.failed),
      refused: count(body.refused),
      reason: typeof body.reason === 'string' ? body.reason : null,
    };
  },
};

/** Still moving: codes being issued, or messages waiting for the provider. */
export const sendIsRunning = (progress: SendProgress | undefined) =>
  !progress || progress.status === 'expanding' || progress.pending > 0;
