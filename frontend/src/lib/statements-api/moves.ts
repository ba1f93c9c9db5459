import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiJson } from '@/lib/api-client';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
import { STATEMENT_URLS } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const issueStatementsResponseSchema = lazySchema((c) => c.issueStatementsResponseSchema);
const resendFailedResponseSchema = lazySchema((c) => c.resendFailedResponseSchema);
const resendStatementResponseSchema = lazySchema((c) => c.resendStatementResponseSchema);
const statementSchema = lazySchema((c) => c.statementSchema);

/** Every statement list, detail and preview reads again after a move. */
const invalidateStatements = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith(STATEMENT_URLS.list),
  });

/** POST /api/statements/issue {period}: every partner's statement of a finished month, once per key. */
export function useIssueStatements() {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn('statements:issue', ({ period }: { period: string }, key) =>
    apiJson(STATEMENT_URLS.issue, issueStatementsResponseSchema, {
      method: 'POST',
      body: { period },
      headers: idempotencyHeader(key),
    }),
  );
  return useMutation({ mutationFn, onSuccess: () => invalidateStatements(queryClient) });
}

/**
 * While a month is being issued in the background, the statements' lists and totals are asked again
 * every 10 s (for 15 minutes at most), so the administrator watches them appear.
 */
export function useRefreshStatementsWhile(active: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > 15 * 60_000) window.clearInterval(timer);
      else void invalidateStatements(queryClient);
    }, 10_000);
    return () => window.clearInterval(timer);
  }, [active, queryClient]);
}

function useStatementMove<TInput extends { id: string }>(url: (id: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TInput) =>
      apiJson(url(id), statementSchema, { method: 'POST', body: body as Record<string, unknown> }),
    onSuccess: () => invalidateStatements(queryClient),
  });
}

/** POST /api/statements/{id}/approve (the partner). */
export const useApproveStatement = () => useStatementMove<{ id: string }>(STATEMENT_URLS.approve);

/** POST /api/statements/{id}/dispute {reason, lineIds?} (the partner). */
export const useDisputeStatement = () =>
  useStatementMove<{ id: string; reason: string; lineIds?: string[] }>(STATEMENT_URLS.dispute);

export interface Adjustment {
  label: string;
  clubOwesCents: number;
  partnerOwesCents: number;
}

/** POST /api/statements/{id}/resolve {reason, adjustments} (the administrator): a new revision. */
export const useResolveStatement = () =>
  useStatementMove<{ id: string; reason: string; adjustments: Adjustment[] }>(STATEMENT_URLS.resolve);

/**
 * POST /api/statements/{id}/paid {paidAt, reference} (the administrator): a move of money, so under an
 * Idempotency-Key kept until a definitive answer (a retry after a 503 records the payment once).
 */
export function useMarkStatementPaid() {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn(
    'statements:paid',
    ({ id, ...body }: { id: string; paidAt: string; reference: string }, key) =>
      apiJson(STATEMENT_URLS.paid(id), statementSchema, {
        method: 'POST',
        body,
        headers: idempotencyHeader(key),
      }),
  );
  return useMutation({ mutationFn, onSuccess: () => invalidateStatements(queryClient) });
}

/** POST /api/statements/{id}/resend (the administrator): failed e-mails again, new staff mailed. */
export function useResendStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson(STATEMENT_URLS.resend(id), resendStatementResponseSchema, { method: 'POST' }),
    onSuccess: () => invalidateStatements(queryClient),
  });
}

/** POST /api/statements/resend {period} (the administrator): every failed e-mail of the month again. */
export function useResendFailedMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: string) =>
      apiJson(STATEMENT_URLS.resendFailed, resendFailedResponseSchema, { method: 'POST', body: { period } }),
    onSuccess: () => invalidateStatements(queryClient),
  });
}
