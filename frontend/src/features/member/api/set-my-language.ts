import type { MemberProfile } from '@avpass/contracts';
import type { Language } from '@avpass/contracts/i18n/languages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberJson } from '../lib/member-fetch';
import { keepMemberSession, memberSession } from '../lib/member-session';
import { ME_URL } from './get-me';

export const MY_LANGUAGE_URL = '/api/me/language';

/**
 * PATCH /api/me/language: the member's own language, kept on their account (their e-mails and SMS use
 * it, and their next sign-in on any device speaks it). The answer is GET /api/me's; this tab's kept
 * session takes the language too, so a reload speaks it before /api/me answers.
 */
export function useSetMyLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) =>
      memberJson<MemberProfile>(MY_LANGUAGE_URL, { method: 'PATCH', body: { language }, signedIn: true }),
    onSuccess: (profile, language) => {
      queryClient.setQueryData([ME_URL], profile);
      const session = memberSession();
      if (session) keepMemberSession({ ...session, member: { ...session.member, language } });
    },
  });
}
