import { useSyncExternalStore } from 'react';
import { getToken } from './token-store';

/** A call was refused because the sign-in expired or was revoked: the operator is asked to sign in again. */
export interface SignInRequest {
  /** The server's msg. */
  message: string;
  /** The token the server refused. */
  refused: string | null;
  /** Resolves the waiting calls: true when signed in again (they are sent again), false to sign out. */
  answer(signedIn: boolean): void;
}

/** Why the dialog opens when the token went missing under an open screen: the server's words for a call without one. */
export const TOKEN_LOST = 'Your session is missing or has expired. Please sign in again.';

let request: SignInRequest | undefined;
let waiting: Promise<boolean> | undefined;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Asks the operator to sign in again over the current screen, and resolves when they have (true) or
 * chose to sign out (false). Calls refused together share one request, so one dialog answers them all.
 */
export function requestSignIn(message: string): Promise<boolean> {
  waiting ??= new Promise<boolean>((resolve) => {
    request = {
      message,
      refused: getToken(),
      answer(signedIn) {
        if (request?.answer !== this.answer) return;
        request = undefined;
        waiting = undefined;
        notify();
        resolve(signedIn);
      },
    };
    notify();
  });
  return waiting;
}

/**
 * Answers an open request as Sign out would. The request lives in the module, not in a screen: Storybook,
 * whose stories share the module, closes one story's dialog before the next story shows.
 */
export function cancelSignInRequest(): void {
  request?.answer(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open request, if a call is waiting for the operator to sign in again. */
export function useSignInRequest(): SignInRequest | undefined {
  return useSyncExternalStore(subscribe, () => request, () => undefined);
}
