import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { lazyScreen } from '../lazy-screen';
import { useSignInRequest } from './sign-in-again';
import { useToken } from './token-store';

/** Loaded when first needed: most days no sign-in expires, and every screen's first load is lighter without it. */
const SignInForm = lazyScreen(() => import('./SignInForm'));

/**
 * Over whatever screen is open when a call finds the sign-in expired or revoked (issue 14): the operator
 * signs in again without leaving it, and the refused calls (a save among them) are sent again. Nothing
 * typed is lost. Sign out instead removes the token, and the guard goes to the sign-in page.
 */
export function SignInAgainDialog() {
  const request = useSignInRequest();
  const token = useToken();
  // Signed in by another tab: the calls go again. A token removed meanwhile (another tab's Logout) is lost
  // here, not signed out of (issue 30): the dialog stays, and what was typed with it.
  useEffect(() => {
    if (request && token !== null && token !== request.refused) request.answer(true);
  }, [request, token]);
  if (!request) return null;
  return createPortal(<SignInForm key={request.message} request={request} />, document.body);
}
