import { useSyncExternalStore } from 'react';

/** Spec 3/9: the login token lives in localStorage under this key; its presence alone means "signed in". */
export const TOKEN_KEY = 'token';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
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
  localStorage.setItem(TOKEN_KEY, token);
  notify();
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  notify();
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

/** The current token, re-rendering when it is stored or removed (here or in another tab). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
