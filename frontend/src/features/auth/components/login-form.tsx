import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { focusFirstError } from '@/lib/form-errors';
import type { AuthResponse } from '@avpass/contracts';
import { useSignIn } from '../api/sign-in';
import { LoginIcon } from './login-icons';
import { useT } from '@/i18n/i18n';
import { signInErrorMessage } from './sign-in-error';

interface FieldErrors {
  identifier?: string;
  password?: string;
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'placeholder'> & {
  label: string;
  error?: string;
  /** Drawn inside the field, at its end (the password's show/hide button). */
  end?: ReactNode;
};

/** An outlined text field with a floating label, drawn like the theme's (login-look.ts). */
function LoginField({ label, error, end, ...input }: FieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <div className={error ? 'lg-field lg-invalid' : 'lg-field'}>
      <input
        {...input}
        id={id}
        // A blank placeholder: the label floats up once the field holds text (:placeholder-shown).
        placeholder=" "
        className={end ? 'lg-input lg-secret' : 'lg-input'}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? helpId : undefined}
      />
      <label htmlFor={id} className="lg-label">
        {label}
        {input.required && <span aria-hidden="true">{'\u2009*'}</span>}
      </label>
      {end}
      {error && (
        <p id={helpId} className="lg-help">
          {error}
        </p>
      )}
    </div>
  );
}

/** The password, with a button that shows or hides it. */
function PasswordInput(props: Omit<FieldProps, 'type' | 'end'>) {
  const [shown, setShown] = useState(false);
  const t = useT();
  return (
    <LoginField
      {...props}
      type={shown ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="lg-eye"
          onClick={() => setShown(!shown)}
          onMouseDown={(event) => event.preventDefault()}
          aria-label={t('login.togglePassword')}
          aria-pressed={shown}
          title={t(shown ? 'login.hidePassword' : 'login.showPassword')}
        >
          <LoginIcon name={shown ? 'hidden' : 'shown'} />
        </button>
      }
    />
  );
}

/**
 * Told of a successful sign-in; a promise keeps the form busy until it settles (the sign-in page loaded
 * alone hands over to the app), and its failure is shown as the sign-in's would be.
 */
export type OnSignedIn = (response: AuthResponse) => void | Promise<void>;

export function LoginForm({ onSignedIn }: { onSignedIn: OnSignedIn }) {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [handingOver, setHandingOver] = useState(false);
  const signIn = useSignIn();
  const t = useT();
  const busy = signIn.isPending || handingOver;

  const signedIn = (response: AuthResponse) => {
    const next = onSignedIn(response);
    if (!next) return;
    setHandingOver(true);
    next.catch((error: unknown) => {
      setHandingOver(false);
      setFailure(signInErrorMessage(error, t));
    });
  };

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
        onSuccess: signedIn,
        // Shown once, in the form next to the fields (no toast repeating it).
        onError: (error) => setFailure(signInErrorMessage(error, t)),
      },
    );
  };

  return (
    <form
      className="lg-form"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={t('login.form')}
    >
      {failure && (
        <div className="lg-alert" data-testid="login-error" role="alert">
          <LoginIcon name="error" />
          <p>{failure}</p>
        </div>
      )}
      <LoginField
        label={t('login.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        // The first thing a cashier does here is type their name.
        autoFocus
        required
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        error={fieldErrors.identifier}
      />
      <PasswordInput
        label={t('login.password')}
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
      />
      <button type="submit" className="lg-submit" disabled={busy}>
        {busy ? (
          <svg className="lg-spin" viewBox="22 22 44 44" role="progressbar" aria-label={t('login.busy')}>
            <circle cx="44" cy="44" r="20.2" />
          </svg>
        ) : (
          <LoginIcon name="login" />
        )}
        {t(busy ? 'login.submitting' : 'login.submit')}
      </button>
    </form>
  );
}
