import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { sendIsRunning, sendProgressSchema } from './send-progress';
import { MEMBER_URLS } from './urls';

/** How often the send dialog asks how far a running send has got. */
export const SEND_PROGRESS_POLL_MS = 2000;

/** A send's progress, polled while it runs (no sendId: nothing asked). */
export function useSendProgress(sendId: string | null) {
  return useQuery({
    queryKey: [MEMBER_URLS.sendProgress(sendId ?? '')],
    queryFn: ({ signal }) =>
      apiJson(MEMBER_URLS.sendProgress(sendId ?? ''), () => sendProgressSchema, { signal }),
    enabled: sendId !== null,
    staleTime: 0,
    refetchInterval: (query) => (sendIsRunning(query.state.data) ? SEND_PROGRESS_POLL_MS : false),
  });
}
