import { useQuery } from '@tanstack/react-query';
import { ApiError, apiJson } from '@/lib/api-client';
import { MEMBER_URLS } from './urls';

/** Which channels can send now: SMS is off until the Twilio settings are there (issue 41). */
export interface MemberChannels {
  email: boolean;
  sms: boolean;
}

/** Read by hand: the send path's contract is another helper's (wt-b); unknown fields are ignored. */
export const memberChannelsSchema = {
  parse(value: unknown): MemberChannels {
    const body = (value ?? {}) as Record<string, unknown>;
    return { email: body.email !== false, sms: body.sms === true };
  },
};

/**
 * GET /api/members/channels. A server without the route counts as e-mail only: there the path reads
 * as GET /api/members/{id} with the id "channels" (a 400), or as no route at all (a 404).
 */
export function useMemberChannels(enabled = true) {
  return useQuery({
    queryKey: [MEMBER_URLS.channels],
    queryFn: async ({ signal }): Promise<MemberChannels & { known: boolean }> => {
      try {
        return {
          ...(await apiJson(MEMBER_URLS.channels, () => memberChannelsSchema, { signal })),
          known: true,
        };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          return { email: true, sms: false, known: false };
        throw error;
      }
    },
    enabled,
    staleTime: 60_000,
  });
}
