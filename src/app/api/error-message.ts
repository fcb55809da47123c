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

function msgFromJsonText(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) && typeof parsed.msg === 'string' ? parsed.msg : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `msg` of an error body. PDF calls ask for binary, so their error body arrives as a Blob or
 * ArrayBuffer: decode it as text and parse it as JSON (spec 8).
 */
export async function msgFromBody(data: unknown): Promise<string | undefined> {
  if (data instanceof Blob) return msgFromJsonText(await data.text());
  if (isBinary(data)) return msgFromJsonText(new TextDecoder().decode(data));
  if (typeof data === 'string') return msgFromJsonText(data);
  if (isRecord(data) && typeof data.msg === 'string') return data.msg;
  return undefined;
}

/** Any failure of an API call as an ApiError carrying the message to show. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (!isAxiosError(error)) return new ApiError(error instanceof Error ? error.message : String(error));
  const response = error.response;
  if (!response) return new ApiError(UNREACHABLE_MESSAGE);
  const msg = await msgFromBody(response.data);
  const confirm = isRecord(response.data) && typeof response.data.confirm === 'string' ? response.data.confirm : undefined;
  const body = isRecord(response.data) ? response.data : undefined;
  return new ApiError(msg ?? `The server could not complete the request (HTTP ${response.status}).`, response.status, confirm, body);
}
