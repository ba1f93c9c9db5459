import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';

/**
 * One labelled field and its submit button (the member's sign-in steps: e-mail, phone, code), with the
 * field's error under it, announced and tied to the field.
 */
export function OneFieldForm({
  id,
  label,
  error,
  invalid,
  submitLabel,
  submitDisabled,
  quiet = false,
  before,
  onSubmit,
  input,
}: {
  id: string;
  label: string;
  /** The message under the field, or null when there is none. */
  error: string | null;
  /** The field itself is wrong (not the request: a refusal to send is shown but leaves the field valid). */
  invalid: boolean;
  submitLabel: string;
  submitDisabled: boolean;
  /** The quieter button (a second way to sign in). */
  quiet?: boolean;
  /** A line above the field. */
  before?: ReactNode;
  onSubmit: () => void;
  input: InputHTMLAttributes<HTMLInputElement>;
}) {
  const errorId = `${id}-error`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="ms-form" onSubmit={submit} noValidate>
      {before}
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="ms-input"
        {...input}
        aria-invalid={invalid}
        aria-describedby={error !== null ? errorId : undefined}
      />
      {error !== null && (
        <p id={errorId} className="ms-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={quiet ? 'ms-btn ms-btn-quiet' : 'ms-btn'} disabled={submitDisabled}>
        {submitLabel}
      </button>
    </form>
  );
}
