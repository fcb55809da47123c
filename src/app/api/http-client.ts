import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { clearToken, getToken, signedOutHere } from '../auth/token-store';
import { toApiError } from './error-message';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sent without the bearer token (only the login call, spec 6). */
    anonymous?: boolean;
    /**
     * Sent again when the server is busy with this operator's other reports (429 with Retry-After), after
     * the wait it names, a few times, unless aborted meanwhile: a screen that changed its question just aborted
     * its earlier ones, and the server frees their slots when it sees their connections close.
     */
    retryWhenBusy?: boolean;
    /** How many times this call was sent again for retryWhenBusy (set here: axios copies it to the next try). */
    busyTries?: number;
  }
}

const BUSY_RETRIES = 5;

/** The wait a 429 names (Retry-After, in seconds), or undefined when the call should not go again. */
function busyWait(status: number | undefined, config: InternalAxiosRequestConfig | undefined, retryAfter: unknown): number | undefined {
  if (status !== 429 || !config?.retryWhenBusy || config.signal?.aborted) return undefined;
  const tries = config.busyTries ?? 0;
  if (tries >= BUSY_RETRIES) return undefined;
  config.busyTries = tries + 1;
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 10) * 1000 : 1000;
}

/** Asked when a signed-in call is refused (401); resolves true once the operator has signed in again. */
export type UnauthorizedHandler = (message: string) => Promise<boolean> | boolean | void;

/**
 * The axios instance every call goes through: it adds `Authorization: Bearer <token>` and turns every
 * failure into an ApiError with the server's msg. A 401 on a call that carried a token means the sign-in
 * expired or was revoked: `onUnauthorized` asks the operator to sign in again, and the call is sent again
 * with the new token (a refused save stored nothing, so sending it again is safe); so is a call that went
 * without a token because it was lost rather than signed out of. When the operator does
 * not sign in, the token is removed and the call fails with the server's msg.
 */
export function createHttp(onUnauthorized: UnauthorizedHandler, baseURL = ''): AxiosInstance {
  const http = axios.create({ baseURL, headers: { Accept: 'application/json' } });
  http.interceptors.request.use((config) => {
    const token = getToken();
    if (token && !config.anonymous) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  http.interceptors.response.use(undefined, async (error: unknown) => {
    const apiError = await toApiError(error);
    const config = axios.isAxiosError(error) ? error.config : undefined;
    const sentToken = config?.headers?.get('Authorization');
    // Sent without a token that was lost, not signed out of (cleared in another tab, storage wiped): the
    // operator is asked to sign in again, as for an expired one (issue 30).
    const signedIn = typeof sentToken === 'string' || !signedOutHere();
    if (apiError.status === 401 && config && !config.anonymous && signedIn) {
      // Another call's sign-in may have renewed the token meanwhile (or stored one since this went without): it just goes again.
      const current = getToken();
      if (current && sentToken !== `Bearer ${current}`) return http.request(config);
      if ((await onUnauthorized(apiError.message)) === true && getToken()) return http.request(config);
      clearToken();
    }
    const wait = busyWait(apiError.status, config, axios.isAxiosError(error) ? error.response?.headers['retry-after'] : undefined);
    if (wait !== undefined && config) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (!config.signal?.aborted) return http.request(config);
    }
    throw apiError;
  });
  return http;
}

/** PDF calls ask for binary (spec 7); their error bodies then arrive as a Blob too. */
export const PDF_REQUEST = { responseType: 'blob', headers: { Accept: 'application/pdf' } } as const;
