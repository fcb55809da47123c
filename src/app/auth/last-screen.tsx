import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { tokenEmail, useToken } from './token-store';

/** Each operator's last screen, by e-mail: where their next sign-in lands (issue 30), as Tally reopens where one left off. */
const LAST_SCREEN_KEY = 'alfa-billing:last-screen:';

/** A route's handle that keeps its screen from being remembered (the page-not-found screen). */
export const NOT_REMEMBERED = { notRemembered: true } as const;

/** The path (with its query: a bill of another year) of the screen the operator used last, if any. */
export function lastScreen(operator: string | undefined): string | undefined {
  try {
    return (operator && localStorage.getItem(LAST_SCREEN_KEY + operator)) || undefined;
  } catch {
    return undefined;
  }
}

/** Notes every screen the signed-in operator opens as their last one; rendered by the guard, so never the sign-in page. */
export function RememberScreen() {
  const { pathname, search } = useLocation();
  const remembered = !useMatches().some((match) => match.handle === NOT_REMEMBERED);
  const operator = tokenEmail(useToken());
  useEffect(() => {
    if (!operator || !remembered) return;
    try {
      localStorage.setItem(LAST_SCREEN_KEY + operator, pathname + search);
    } catch {
      // A full or refused storage only means the next sign-in lands on the first screen.
    }
  }, [operator, remembered, pathname, search]);
  return null;
}
