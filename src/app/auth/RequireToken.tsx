import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { AccountGate } from './AccountGate';
import { RememberScreen } from './last-screen';
import { requestSignIn, TOKEN_LOST } from './sign-in-again';
import { clearToken, useSignedOut, useToken } from './token-store';

/**
 * Spec 2: every route but sign-in needs a token; without one the operator goes to `/`. A token lost while a
 * screen is open (cleared in another tab, storage wiped) is not a sign-out (issue 30): the screen stays, with
 * all that was typed, and the Sign in again dialog opens over it as for an expired token; Sign out there goes.
 */
export function RequireToken() {
  const token = useToken();
  const signedOut = useSignedOut();
  const [openedSignedIn] = useState(token !== null);
  const lost = token === null && openedSignedIn && !signedOut;
  useEffect(() => {
    if (!lost) return;
    void requestSignIn(TOKEN_LOST).then((signedIn) => {
      if (!signedIn) clearToken();
    });
  }, [lost]);
  if (token === null && !lost) return <Navigate to="/" replace />;
  return (
    <>
      <RememberScreen />
      <AccountGate>
        <Outlet />
      </AccountGate>
    </>
  );
}
