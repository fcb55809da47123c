import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, msgFromBody, toApiError, UNREACHABLE_MESSAGE } from '../../../src/app/api/error-message';
import { createHttp, PDF_REQUEST } from '../../../src/app/api/http-client';
import { createReportsApi } from '../../../src/app/api/reports-api';
import { getToken, setToken } from '../../../src/app/auth/token-store';

afterEach(() => localStorage.clear());

const json = (value: unknown) => JSON.stringify(value);

describe('msgFromBody: the msg of an error body, binary or not (spec 8)', () => {
  it('decodes a Blob, an ArrayBuffer and a byte array as JSON text', async () => {
    const text = json({ msg: 'Bill No. 7 already exists' });
    expect(await msgFromBody(new Blob([text], { type: 'application/json' }))).toBe('Bill No. 7 already exists');
    expect(await msgFromBody(new TextEncoder().encode(text).buffer)).toBe('Bill No. 7 already exists');
    expect(await msgFromBody(new TextEncoder().encode(text))).toBe('Bill No. 7 already exists');
  });

  it('reads msg from parsed JSON and from JSON text', async () => {
    expect(await msgFromBody({ msg: 'Please provide your client company name.' })).toBe(
      'Please provide your client company name.',
    );
    expect(await msgFromBody(json({ msg: 'Invalid credentials' }))).toBe('Invalid credentials');
  });

  it('keeps UTF-8 text intact', async () => {
    const blob = new Blob([json({ msg: 'Müller & Sons ₹ not found' })]);
    expect(await msgFromBody(blob)).toBe('Müller & Sons ₹ not found');
  });

  it('gives nothing for bodies without a msg (an HTML error page, other JSON)', async () => {
    expect(await msgFromBody(new Blob(['<html>Bad Gateway</html>']))).toBeUndefined();
    expect(await msgFromBody({ error: 'x' })).toBeUndefined();
    expect(await msgFromBody(undefined)).toBeUndefined();
  });
});

function axiosErrorWith(status: number | undefined, data?: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  const response =
    status === undefined ? undefined : { status, statusText: '', headers: {}, config, data };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, response);
}

describe('toApiError', () => {
  it('carries the server msg and the status', async () => {
    const error = await toApiError(axiosErrorWith(409, new Blob([json({ msg: 'Bill No. 3 already exists' })])));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Bill No. 3 already exists');
    expect(error.status).toBe(409);
  });

  it('carries the question of a refusal that came as a PDF call\'s binary body (a sale beyond stock, issue 48)', async () => {
    const short = [{ product: 'Fuel Filter', left: 1, wanted: 3 }];
    const body = { msg: 'Only 1 Nos of Fuel Filter left in stock.', confirm: 'stock', short };
    const error = await toApiError(axiosErrorWith(409, new Blob([json(body)])));
    expect(error).toMatchObject({ message: body.msg, status: 409, confirm: 'stock', body });
  });

  it('explains a missing answer and an answer without msg', async () => {
    expect((await toApiError(axiosErrorWith(undefined))).message).toBe(UNREACHABLE_MESSAGE);
    expect((await toApiError(axiosErrorWith(502, '<html>'))).message).toBe(
      'The server could not complete the request (HTTP 502).',
    );
  });
});

/** An axios adapter answering every request with `status` and `data`, recording the requests. */
function answering(status: number, data: unknown) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const response = { status, statusText: '', headers: {}, config, data };
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  return { adapter, requests };
}

describe('createHttp: bearer token, errors, 401', () => {
  it('sends the stored token as a bearer token, but not on anonymous calls', async () => {
    setToken('t-123');
    const { adapter, requests } = answering(200, {});
    const http = createHttp(vi.fn());
    http.defaults.adapter = adapter;
    await http.post('/api/common/getbillno', {});
    await http.post('/api/auth/login', {}, { anonymous: true });
    expect(requests[0].headers.get('Authorization')).toBe('Bearer t-123');
    expect(requests[1].headers.has('Authorization')).toBe(false);
  });

  it('rejects a PDF call with the msg decoded from its binary body', async () => {
    setToken('t');
    const http = createHttp(vi.fn());
    http.defaults.adapter = answering(400, new Blob([json({ msg: 'Please provide your bill invoice no.' })])).adapter;
    await expect(http.post('/api/alfadiesel/createbill', {}, PDF_REQUEST)).rejects.toThrow(
      'Please provide your bill invoice no.',
    );
  });

  it('on a 401 of a signed-in call removes the token and reports the msg', async () => {
    setToken('expired');
    const onUnauthorized = vi.fn();
    const http = createHttp(onUnauthorized);
    http.defaults.adapter = answering(401, { msg: 'Your session has ended. Please sign in again.' }).adapter;
    await expect(http.get('/api/common/getproduct')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith('Your session has ended. Please sign in again.');
  });

  it('leaves a failed sign-in (no token sent) to the sign-in page', async () => {
    const onUnauthorized = vi.fn();
    const http = createHttp(onUnauthorized);
    http.defaults.adapter = answering(401, { msg: 'Invalid email or password' }).adapter;
    await expect(http.post('/api/auth/login', {}, { anonymous: true })).rejects.toThrow('Invalid email or password');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('createHttp: a report call the server is too busy for (429)', () => {
  const busyMsg = 'You already have 2 reports being made; please wait for them to finish and try again.';
  /** Answers 429 (Retry-After 0.01 s) `busyTimes` times, then 200. */
  function busyThenFree(busyTimes: number) {
    let calls = 0;
    const adapter: AxiosAdapter = async (config) => {
      calls += 1;
      if (calls <= busyTimes) {
        const response = { status: 429, statusText: '', headers: { 'retry-after': '0.01' }, config, data: { msg: busyMsg } };
        throw new AxiosError('busy', 'ERR_BAD_REQUEST', config, null, response);
      }
      return { status: 200, statusText: '', headers: {}, config, data: { months: [] } };
    };
    return { adapter, calls: () => calls };
  }

  it('goes again after the wait the server names, when the call asked to', async () => {
    const { adapter, calls } = busyThenFree(2);
    const http = createHttp(vi.fn());
    http.defaults.adapter = adapter;
    await expect(http.post('/api/gst/salesbymonth', {}, { retryWhenBusy: true })).resolves.toMatchObject({ status: 200 });
    expect(calls()).toBe(3);
  });

  it('gives up after five tries, and never retries a call that did not ask to', async () => {
    const always = busyThenFree(100);
    const http = createHttp(vi.fn());
    http.defaults.adapter = always.adapter;
    await expect(http.post('/api/gst/salesbymonth', {}, { retryWhenBusy: true })).rejects.toThrow(busyMsg);
    expect(always.calls()).toBe(6);
    const once = busyThenFree(1);
    http.defaults.adapter = once.adapter;
    await expect(http.post('/api/gst/salesbymonth', {})).rejects.toMatchObject({ status: 429 });
    expect(once.calls()).toBe(1);
  });

  it("sends a report file the operator downloads again: the Reports screen's own loads hold the slots meanwhile", async () => {
    let calls = 0;
    const http = createHttp(vi.fn());
    http.defaults.adapter = async (config) => {
      calls += 1;
      if (calls === 1) {
        const data = new Blob([JSON.stringify({ msg: busyMsg })], { type: 'application/json' });
        throw new AxiosError('busy', 'ERR_BAD_REQUEST', config, null, { status: 429, statusText: '', headers: { 'retry-after': '0.01' }, config, data });
      }
      return { status: 200, statusText: '', headers: { 'content-disposition': 'attachment; filename="GSTR1_112026.json"' }, config, data: new Blob(['{}']) };
    };
    const file = await createReportsApi(http).gstr1('gst', { fp: '112026', quarterly: false });
    expect(file.fileName).toBe('GSTR1_112026.json');
    expect(calls).toBe(2);
  });

  it('does not go again once the screen aborted the call', async () => {
    const { adapter, calls } = busyThenFree(1);
    const http = createHttp(vi.fn());
    http.defaults.adapter = adapter;
    const asked = new AbortController();
    const answer = http.post('/api/gst/salesbymonth', {}, { retryWhenBusy: true, signal: asked.signal });
    asked.abort();
    await expect(answer).rejects.toBeDefined();
    expect(calls()).toBeLessThanOrEqual(1);
  });
});
