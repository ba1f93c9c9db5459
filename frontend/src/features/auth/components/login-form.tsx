import LoginRoundedIcon from '@mui/icons-material/LoginRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '@/components/form/password-field';
import { focusFirstError } from '@/lib/form-errors';
import type { AuthResponse } from '@avpass/contracts';
import { useSignIn } from '../api/sign-in';
import { signInErrorMessage } from './sign-in-error';

interface FieldErrors {
  identifier?: string;
  password?: string;
}

export function LoginForm({ onSignedIn }: { onSignedIn: (response: AuthResponse) => void }) {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = useSignIn();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFailure(null);
    // The same rules the server applies; an e-mail is just a username with an @ for this check. The
    // schema loads at the first submit, not with the page (issue 40: no schema library in the first load).
    const { loginRequestSchema } = await import('@avpass/contracts/session');
    const parsed = loginRequestSchema.safeParse({ username: identifier, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'username' ? 'identifier' : 'password';
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      focusFirstError(form);
      return;
    }
    setFieldErrors({});
    signIn.mutate(
      { identifier, password },
      {
        onSuccess: onSignedIn,
        // Shown once, in the form next to the fields (no toast repeating it).
        onError: (error) => setFailure(signInErrorMessage(error)),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit(event)} aria-label="Sign in">
      <Stack spacing={2.5}>
        {failure && (
          <Alert severity="error" data-testid="login-error" role="alert">
            {failure}
          </Alert>
        )}
        <TextField
          label="Username or Email"
          name="username"
          autoComplete="username"
          autoFocus
          required
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
          error={Boolean(fieldErrors.identifier)}
          helperText={fieldErrors.identifier}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password}
        />
        <Button
          type="submit"
          variant="contained"
          color="secondary"
          size="large"
          fullWidth
          disabled={signIn.isPending}
          startIcon={signIn.isPending ? <CircularProgress size={18} color="inherit" /> : <LoginRoundedIcon />}
        >
          {signIn.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </Stack>
    </Box>
  );
}
