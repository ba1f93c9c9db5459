import type { Role } from '@avpass/contracts';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import Container from '@mui/material/Container';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { StatusPanel } from '@/components/feedback/status-panel';
import { useToast } from '@/components/toast/toast-context';
import { homePathFor } from '@/config/paths';
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';

/** Spec section 9: access-denied redirect delay. */
export const ACCESS_DENIED_REDIRECT_MS = 500;

interface AccessDeniedProps {
  role: Role;
  /** Why, as a catalog key (the route's `denial`). */
  description: MessageId;
}

/**
 * Wrong role for this screen: an 'Access Denied' toast, then the user's own home after 500 ms.
 * (The original app sent some denials to /login or to a non-existent /api/login.)
 */
export function AccessDenied({ role, description }: AccessDeniedProps) {
  const t = useT();
  const { toast } = useToast();
  const navigate = useNavigate();
  const toasted = useRef(false);
  const home = homePathFor(role);

  useEffect(() => {
    if (!toasted.current) {
      toasted.current = true;
      toast({ title: t('staff.denied.title'), description: t(description), kind: 'destructive' });
    }
    const timer = window.setTimeout(() => void navigate(home, { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [description, home, navigate, toast, t]);

  return (
    <Container maxWidth="sm" sx={{ py: 10 }}>
      <StatusPanel
        tone="error"
        icon={<LockRoundedIcon />}
        title={t('staff.denied.title')}
        description={
          <>
            {t(description)}
            <br />
            {t('staff.denied.goingHome')}
          </>
        }
      />
    </Container>
  );
}
