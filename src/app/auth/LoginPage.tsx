import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useApi } from '../api/ApiContext';
import { keepDraftsOnlyFor } from '../drafts/browser-drafts';
import { clearErrorToasts, showErrorToast } from '../ui/toasts';
import { setToken, useToken } from './token-store';

/**
 * Sign-in at `/` (spec 2). No client-side checks: whatever is typed goes to the server, and its msg
 * is shown on failure. With a token already stored, `/` forwards to the landing screen.
 */
export function LoginPage({ landing }: { landing: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const token = useToken();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // Nobody is signed in here: no operator's unsaved bills are kept for anyone to read.
  useEffect(() => {
    if (!token) keepDraftsOnlyFor(undefined).catch(() => undefined);
  }, [token]);

  if (token) return <Navigate to={landing} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      setToken(await api.login(email, password));
      // A failed try's "Invalid email or password." must not stay over the screen it let in.
      clearErrorToasts();
      navigate(landing, { replace: true });
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
