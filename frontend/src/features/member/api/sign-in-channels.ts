import type { MemberSignInChannels } from '@avpass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberJson } from '../lib/member-fetch';

export const SIGN_IN_CHANNELS_URL = '/api/member-auth/channels';

/** GET /api/member-auth/channels: whether to offer a code by SMS. */
export const signInChannelsQueryOptions = () =>
  queryOptions({
    queryKey: [SIGN_IN_CHANNELS_URL],
    queryFn: ({ signal }) => memberJson<MemberSignInChannels>(SIGN_IN_CHANNELS_URL, { signal }),
    staleTime: 5 * 60_000,
  });

export const useSignInChannels = () => useQuery(signInChannelsQueryOptions());
