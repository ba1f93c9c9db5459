import type { AuthResponse } from '@avpass/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { homePathFor } from '@/config/paths';
import { safeReturnTo } from '@/lib/return-to';
import { primeCurrentUser } from '../api/sign-in';
import { LoginPage } from '../components/login-page';

/** /login inside the app (after a sign-out or a session's end): the screen the sign-in entry draws alone. */
export function LoginRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get('returnTo'));

  const handleSignedIn = (response: AuthResponse) => {
    primeCurrentUser(queryClient, response);
    void navigate(returnTo ?? homePathFor(response.user.role), { replace: true });
  };

  return <LoginPage onSignedIn={handleSignedIn} onNavigate={(path) => void navigate(path)} />;
}
