import { useEffect, type ReactNode } from 'react';
import { useApi } from '../api/ApiContext';
import { lazyScreen } from '../lazy-screen';
import { setAccount, useAccountOf, useLastAccount } from './account-store';
import { useToken } from './token-store';

const ChangePasswordPage = lazyScreen(() => import('./ChangePasswordPage'));

/**
 * Reads the signed-in operator's account (`me`) before the screens show, so they hide what the role may not do
 * from the start; read again on every load of the app, as an owner may have changed it, and at every sign-in. A password set by an owner
 * is changed here before any screen opens (the server refuses every other call until then).
 */
export function AccountGate({ children }: { children: ReactNode }) {
  const token = useToken();
  const api = useApi();
  const account = useAccountOf(token);
  const lastAccount = useLastAccount();
  useEffect(() => {
    if (!token || account) return;
    // A refusal (an expired token) is the http client's to handle: it asks to sign in again.
    void api.account.me().then((answer) => setAccount(token, answer), () => undefined);
  }, [api, token, account]);
  if (!token) return children;
  // Signed in again over a screen (Sign in again): the screen stays, with what was typed, while `me` is read.
  const shown = account ?? lastAccount;
  if (!shown) return <p className="page-loading">Please Wait</p>;
  if (shown.mustChangePassword) return <ChangePasswordPage account={shown} />;
  return children;
}
