import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useApi } from '../api/ApiContext';
import { keepDraftsOnlyFor } from '../drafts/browser-drafts';
import type { SignInRequest } from './sign-in-again';
import { lastOperator, setToken, tokenEmail } from './token-store';

export const SIGN_IN_AGAIN_TEXTS = {
  title: 'Sign in again',
  description: 'Your work on this screen is kept, and carries on once you sign in.',
  signIn: 'Sign in',
  signOut: 'Sign out',
  wait: 'Please Wait',
} as const;

/** The e-mail the last token was issued to (lost since, perhaps), to fill in; empty when unreadable. */
const lastEmail = () => tokenEmail() ?? lastOperator() ?? '';

/** The form of the Sign in again dialog (SignInAgainDialog), loaded the first time a sign-in expires. */
export default function SignInForm({ request }: { request: SignInRequest }) {
  const api = useApi();
  const [email, setEmail] = useState(lastEmail);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ids = { title: useId(), description: useId(), email: useId(), password: useId() };
  const passwordRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  // When the dialog opens: the password, when the e-mail is known.
  const knownEmail = useRef(email !== '');
  useEffect(() => (knownEmail.current ? passwordRef : emailRef).current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const token = await api.login(email, password);
      setToken(token);
      // Signed in as another operator, perhaps: drafts are kept only for the one signed in.
      keepDraftsOnlyFor(tokenEmail(token)).catch(() => undefined);
      request.answer(true);
    } catch (error) {
      setFailure((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <div className="modal-overlay modal-overlay--sign-in">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={ids.title} aria-describedby={ids.description}>
        <h2 id={ids.title} className="modal-title">
          {SIGN_IN_AGAIN_TEXTS.title}
        </h2>
        <p id={ids.description} className="modal-description">
          {request.message} {SIGN_IN_AGAIN_TEXTS.description}
        </p>
        <form className="sign-in-again" onSubmit={onSubmit} noValidate>
          <label htmlFor={ids.email}>Email</label>
          <input
            id={ids.email}
            ref={emailRef}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <label htmlFor={ids.password}>Password</label>
          <input
            id={ids.password}
            ref={passwordRef}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {failure && (
            <p className="sign-in-again__failure" role="alert">
              {failure}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="button button--plain" onClick={() => request.answer(false)} disabled={busy}>
              {SIGN_IN_AGAIN_TEXTS.signOut}
            </button>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? SIGN_IN_AGAIN_TEXTS.wait : SIGN_IN_AGAIN_TEXTS.signIn}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
