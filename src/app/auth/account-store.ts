import { useSyncExternalStore } from 'react';
import type { Account } from './account-api';

/** The account the server answered for a token: kept for that token only, so another sign-in reads its own. */
let current: { token: string; account: Account } | undefined;
const listeners = new Set<() => void>();

export function setAccount(token: string, account: Account): void {
  current = { token, account };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

/** The account of `token`, re-rendering when one is stored. */
export function useAccountOf(token: string | null): Account | undefined {
  const stored = useSyncExternalStore(subscribe, snapshot, snapshot);
  return token !== null && stored?.token === token ? stored.account : undefined;
}

/**
 * The account last read, whichever token it was read for: what the screens go by while a new sign-in's account is
 * being read, so that signing in again over a screen does not take the screen (and what was typed) away.
 */
export function useLastAccount(): Account | undefined {
  return useSyncExternalStore(subscribe, snapshot, snapshot)?.account;
}
