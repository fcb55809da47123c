import axios, { type AxiosInstance } from 'axios';
import { clearToken, getToken } from '../auth/token-store';
import { toApiError } from './error-message';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sent without the bearer token (only the login call, spec 6). */
    anonymous?: boolean;
  }
}

export type UnauthorizedHandler = (message: string) => void;

/**
 * The axios instance every call goes through: it adds `Authorization: Bearer <token>` and turns every
 * failure into an ApiError with the server's msg. A 401 on a call that carried a token means the
 * session is over: the token is removed and `onUnauthorized` takes the operator back to sign-in.
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
    const sentToken = axios.isAxiosError(error) && error.config?.headers?.has('Authorization');
    if (apiError.status === 401 && sentToken) {
      clearToken();
      onUnauthorized(apiError.message);
    }
    throw apiError;
  });
  return http;
}

/** PDF calls ask for binary (spec 7); their error bodies then arrive as a Blob too. */
export const PDF_REQUEST = { responseType: 'blob', headers: { Accept: 'application/pdf' } } as const;
