import { isAxiosError } from 'axios';

/** Shown when the request never got an answer (server down, network gone). */
export const UNREACHABLE_MESSAGE = 'Cannot reach the server. Please check the connection and try again.';

/** A failed API call; `message` is the server's `msg` (spec 8) or a plain explanation. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** A refusal the operator may overrule by sending the call again confirmed (`confirm` of the answer). */
    readonly confirm?: string,
    /** The refusal's whole answer, for what it says beyond `msg` (the e-way bill's clients missing a pincode). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** By tag rather than instanceof: buffers may come from another realm (a worker, a test environment). */
function isBinary(data: unknown): data is ArrayBuffer | ArrayBufferView {
  return Object.prototype.toString.call(data) === '[object ArrayBuffer]' || ArrayBuffer.isView(data);
}

function recordFromJsonText(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An error body as JSON. PDF calls ask for binary, so their error body arrives as a Blob or ArrayBuffer: decode it as
 * text and parse it as JSON (spec 8).
 */
async function recordFromBody(data: unknown): Promise<Record<string, unknown> | undefined> {
  if (data instanceof Blob) return recordFromJsonText(await data.text());
  if (isBinary(data)) return recordFromJsonText(new TextDecoder().decode(data));
  if (typeof data === 'string') return recordFromJsonText(data);
  return isRecord(data) ? data : undefined;
}

/** The `msg` of an error body, whatever form it arrived in. */
export async function msgFromBody(data: unknown): Promise<string | undefined> {
  const body = await recordFromBody(data);
  return typeof body?.msg === 'string' ? body.msg : undefined;
}

/** Any failure of an API call as an ApiError carrying the message to show. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (!isAxiosError(error)) return new ApiError(error instanceof Error ? error.message : String(error));
  const response = error.response;
  if (!response) return new ApiError(UNREACHABLE_MESSAGE);
  // A bill's save asks for its PDF, so a question it answers instead (409 `confirm`, issue 48) comes as binary too.
  const body = await recordFromBody(response.data);
  const msg = typeof body?.msg === 'string' ? body.msg : undefined;
  const confirm = typeof body?.confirm === 'string' ? body.confirm : undefined;
  return new ApiError(msg ?? `The server could not complete the request (HTTP ${response.status}).`, response.status, confirm, body);
}
