import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components/toast/toast-context';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { clearAuthToken, getAuthToken, type SignOutReason } from '@/lib/session/auth-storage';
import { logout } from '@/lib/session/logout';

/** Spec section 9: what the inactivity timeout says, whether the page's timer or the server's ended it. */
export const inactivityToast = (t: Translate<MessageId>) =>
  ({
    title: t('staff.session.expired'),
    description: t('staff.session.expiredText'),
    kind: 'destructive',
  }) as const;

/**
 * Ends the session: tells the server (best effort, with the token being ended), forgets the token, and
 * goes to /login. Inactivity adds the spec's 'Session Expired' toast; the Logout button does not.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const t = useT();

  return useCallback(
    (reason: Extract<SignOutReason, 'logout' | 'inactivity'>) => {
      const token = getAuthToken();
      if (token) logout(token).catch(() => undefined);
      clearAuthToken(reason);
      void navigate(paths.login.getHref(), { replace: true });
      if (reason === 'inactivity') toast(inactivityToast(t));
    },
    [navigate, toast, t],
  );
}
