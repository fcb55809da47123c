import { useSyncExternalStore } from 'react';

/** Spec 3/9: the login token lives in localStorage under this key; its presence alone means "signed in". */
export const TOKEN_KEY = 'token';

const listeners = new Set<() => void>();
/**
 * Whether the operator signed out in this tab (Logout, or Sign out on the Sign in again dialog) since its last
 * sign-in here. A token gone without that (cleared in another tab, storage wiped) is lost, not signed out: the
 * screen stays and asks to sign in again over it (issue 30).
 */
let signedOut = false;

function notify(): void {
  for (const listener of listeners) listener();
}

/** The token last read in this tab: whom the Sign in again dialog is for once it is lost. */
let lastSeen: string | null = null;

export function getToken(): string | null {
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) lastSeen = token;
  return token;
}

/** The operator of the token last read in this tab, lost since or not (undefined after a sign-out here). */
export function lastOperator(): string | undefined {
  return tokenEmail(lastSeen);
}

/**
 * The operator a token was issued to: its payload's `email`, lower-cased (the server keeps e-mails so);
 * undefined without a token or when it cannot be read. Read, not verified: the server checks every call.
 */
export function tokenEmail(token: string | null = getToken()): string | undefined {
  try {
    const payload = token?.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: unknown };
    return typeof json.email === 'string' && json.email !== '' ? json.email.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

export function setToken(token: string): void {
  signedOut = false;
  localStorage.setItem(TOKEN_KEY, token);
  notify();
}

/** Signs out in this tab: the guard then goes to the sign-in page. */
export function clearToken(): void {
  signedOut = true;
  lastSeen = null;
  localStorage.removeItem(TOKEN_KEY);
  notify();
}

export function signedOutHere(): boolean {
  return signedOut;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes what this tab may show.
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the operator signed out in this tab, re-rendering when they do (the token may have been lost already). */
export function useSignedOut(): boolean {
  return useSyncExternalStore(subscribe, signedOutHere, () => false);
}

/** The current token, re-rendering when it is stored or removed (here or in another tab). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
