import type { CDPSession, Page } from 'playwright-core';

/** One response as it came over the wire: Chromium's count of the bytes received, headers included. */
export interface Transfer {
  url: string;
  /** Chromium's resource type: Document, Script, Stylesheet, Fetch, XHR ... */
  type: string;
  /** The answer's Content-Encoding ('' when sent as it is). */
  encoding: string;
  bytes: number;
}

export interface TransferLog {
  /** The page's DevTools session (network emulation is set on it). */
  session: CDPSession;
  /** Every response finished since the log started, in order. */
  transfers(): Transfer[];
}

/**
 * Logs what the page receives from now on, through the DevTools protocol: each response's encoded length from
 * `Network.loadingFinished` (what DevTools shows as transferred), with its type and Content-Encoding from
 * `Network.responseReceived`. Served from the browser's cache, a response counts 0 bytes.
 */
export async function logTransfers(page: Page): Promise<TransferLog> {
  const session = await page.context().newCDPSession(page);
  const received = new Map<string, Omit<Transfer, 'bytes'>>();
  const finished: Transfer[] = [];
  session.on('Network.responseReceived', ({ requestId, type, response }) => {
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? '';
    received.set(requestId, { url: response.url, type, encoding });
  });
  session.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = received.get(requestId);
    if (response) finished.push({ ...response, bytes: encodedDataLength });
  });
  await session.send('Network.enable');
  return { session, transfers: () => [...finished] };
}

export const bytesOf = (transfers: Transfer[]): number => transfers.reduce((sum, transfer) => sum + transfer.bytes, 0);

export const scriptsOf = (transfers: Transfer[]): Transfer[] => transfers.filter((transfer) => transfer.type === 'Script');

/** One line a transfer, for a failure message or a bench's log. */
export const describeTransfers = (transfers: Transfer[]): string =>
  transfers.map(({ url, encoding, bytes }) => `${new URL(url).pathname} ${encoding || 'identity'} ${bytes} B`).join('\n');
