import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../api/ApiContext';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import type { Account } from './account-api';
import { setAccount } from './account-store';
import { setToken } from './token-store';

export const CHANGE_PASSWORD_TEXTS = {
  title: 'Change your password',
  description: 'An owner set the password you signed in with. Choose your own before you start: nobody else will know it.',
  current: 'Password you signed in with',
  chosen: 'New password',
  repeat: 'New password again',
  mismatch: 'The two new passwords differ.',
  save: 'Change Password',
} as const;

/** The first-sign-in step (issue 45): a password set by an owner is replaced before any screen opens. */
export default function ChangePasswordPage({ account }: { account: Account }) {
  const { account: api } = useApi();
  const id = useId();
  const [values, setValues] = useState({ current: '', chosen: '', repeat: '' });
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (values.chosen !== values.repeat) return showErrorToast(CHANGE_PASSWORD_TEXTS.mismatch);
    setBusy(true);
    try {
      const answer = await api.changePassword(values.current, values.chosen);
      // The old token ended with the old password: the new one, and the account that no longer must change.
      setAccount(answer.authToken, answer.account);
      setToken(answer.authToken);
      showSuccessToast(answer.msg);
    } catch (error) {
      showErrorToast((error as Error).message);
      setBusy(false);
    }
  };

  const field = (name: keyof typeof values, label: string, autoComplete: string) => (
    <div className="profile__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      />
    </div>
  );

  return (
    <section className="list-page" aria-labelledby={`${id}-title`}>
      <form className="profile client-form" onSubmit={(event) => void save(event)}>
        <h1 id={`${id}-title`}>{CHANGE_PASSWORD_TEXTS.title}</h1>
        <p>
          {account.email}: {CHANGE_PASSWORD_TEXTS.description}
        </p>
        <div className="profile__fields">
          {field('current', CHANGE_PASSWORD_TEXTS.current, 'current-password')}
          {field('chosen', CHANGE_PASSWORD_TEXTS.chosen, 'new-password')}
          {field('repeat', CHANGE_PASSWORD_TEXTS.repeat, 'new-password')}
        </div>
        <div className="client-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Please Wait' : CHANGE_PASSWORD_TEXTS.save}
          </button>
        </div>
      </form>
    </section>
  );
}
