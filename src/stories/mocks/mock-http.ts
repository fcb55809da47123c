import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosInstance, type AxiosResponse } from 'axios';
import { createHttp, requestSignIn } from '../../app';
import { SIGN_IN_EXPIRED, type MockAnswer, type MockBackend } from './mock-backend';

const PUBLIC_PATHS = new Set(['/api/auth/login']);

/** The JSON body, or for a GET its query (axios `params`, then the URL's own), as the backend reads it. */
function requestBody(data: unknown, params: unknown, url: URL): Record<string, unknown> {
  if (typeof data === 'string' && data !== '') return JSON.parse(data) as Record<string, unknown>;
  return { ...Object.fromEntries(url.searchParams), ...(typeof params === 'object' && params !== null ? params : {}) };
}

/**
 * The body as the browser would hand it to axios: PDF calls ask for a blob, so a JSON error body
 * arrives as a blob too and the app must decode it (spec 8).
 */
function responseData(answer: MockAnswer, wantsBlob: boolean): unknown {
  if (answer.pdf) return answer.pdf;
  if (answer.file) return answer.file;
  return wantsBlob ? new Blob([JSON.stringify(answer.json)], { type: 'application/json' }) : answer.json;
}

/**
 * An axios adapter that sends every request to the in-memory backend instead of the network: the
 * app's own client (token header, error decoding, PDF blobs) runs unchanged above it.
 */
export function mockAdapter(backend: MockBackend): AxiosAdapter {
  return async (config) => {
    const url = new URL(config.url ?? '', 'http://storybook.local');
    const path = url.pathname;
    const authorized = PUBLIC_PATHS.has(path) || /^Bearer \S+/.test(String(config.headers.get('Authorization') ?? ''));
    const answer = authorized
      ? await backend(config.method ?? 'get', path, requestBody(config.data, config.params, url))
      : { status: 401, json: { msg: SIGN_IN_EXPIRED } };
    if (answer.status === 0) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const response: AxiosResponse = {
      data: responseData(answer, config.responseType === 'blob'),
      status: answer.status,
      statusText: String(answer.status),
      headers: new AxiosHeaders({ 'content-type': answer.pdf ? 'application/pdf' : 'application/json', ...answer.headers }),
      config,
      request: {},
    };
    if (answer.status < 400) return response;
    const code = answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    throw new AxiosError(`Request failed with status code ${answer.status}`, code, config, {}, response);
  };
}

/**
 * The app's HTTP client as main.tsx builds it (a refused sign-in asks to sign in again over the screen),
 * answered by the mock backend.
 */
export function mockHttp(backend: MockBackend): AxiosInstance {
  const http = createHttp(requestSignIn);
  http.defaults.adapter = mockAdapter(backend);
  return http;
}
