import type { CurrentUser } from '@avpass/contracts';
import type { Language } from '@avpass/contracts/i18n/languages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { CURRENT_USER_URL } from '@/lib/session/get-current-user';

export const USER_LANGUAGE_URL = '/api/auth/user/language';

/**
 * Loaded with the call, not with the app: the navigation bar's language menu uses this module, and the
 * bar is in every signed-in first load (issue 40: no schema library there).
 */
const currentUserSchema = () => import('@avpass/contracts/session').then((m) => m.currentUserSchema);

/** PATCH /api/auth/user/language: the signed-in user's own language (any role; issue 42). */
export function setUserLanguage(language: Language): Promise<CurrentUser> {
  return apiJson(USER_LANGUAGE_URL, currentUserSchema, { method: 'PATCH', body: { language } });
}

/** The answer is the current user, so the session's cached user (and its `language`) is replaced with it. */
export function useSetUserLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserLanguage,
    onSuccess: (user) => queryClient.setQueryData([CURRENT_USER_URL], user),
  });
}
