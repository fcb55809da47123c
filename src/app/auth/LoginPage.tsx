import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { useApi } from '../api/ApiContext';
import { keepDraftsOnlyFor } from '../drafts/browser-drafts';
import { clearErrorToasts, showErrorToast } from '../ui/toasts';
import { setToken, tokenEmail, useToken } from './token-store';

export interface LoginPageProps {
  landing: string;
  /**
   * The operator's last screen (last-screen.tsx), given by the router: imported here, the module would be split
   * into a chunk of its own with the token store, and every bill screen would load one more chunk.
   */
  lastScreen(operator: string | undefined): string | undefined;
}

/**
 * Sign-in at `/` (spec 2). No client-side checks: whatever is typed goes to the server, and its msg
 * is shown on failure. Signing in lands on the operator's last screen (issue 30), where the create screen
 * offers their draft; the first time, on the landing screen. With a token already stored, `/` forwards to
 * the landing screen.
 */
export function LoginPage({ landing, lastScreen }: LoginPageProps) {
  const api = useApi();
  const token = useToken();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [arrival, setArrival] = useState<string>();

  if (token) return <Navigate to={arrival ?? landing} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const signedIn = await api.login(email, password);
      const operator = tokenEmail(signedIn);
      // Drafts are kept only for the operator signed in (their screens never read another's anyway).
      keepDraftsOnlyFor(operator).catch(() => undefined);
      // A failed try's "Invalid email or password." must not stay over the screen it let in.
      clearErrorToasts();
      setArrival(lastScreen(operator));
      setToken(signedIn);
    } catch (error) {
      showErrorToast((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <section className="login card" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor="login-email">Email</label>
        <input id="login-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="login-password">Password</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Please Wait' : 'Login'}
        </button>
      </form>
    </section>
  );
}
