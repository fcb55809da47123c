import { normalizeBill, toStoredBill, type BillType } from '../../../src/engine/core';
import { recordOf } from '../../../src/server/bills/shape';
import type { BillRecord } from '../../../src/server/storage';
import { goodsRow, serviceProduct, validPayload } from '../../fixtures/payloads';
import type { Random } from './seeded-random';
import type { JsonAnswer } from './stress-server';

export type Body = Record<string, any>;

/** A create body no other request of the run sends: its client name and rows carry `tag`. */
export function taggedBill(billType: BillType, billno: number, tag: string, rows: number): Body {
  const row = billType.lines === 'goods' ? goodsRow : serviceProduct;
  const product = Array.from({ length: rows }, (_, i) => {
    const line = row(billType, i + 1);
    return billType.lines === 'goods'
      ? { ...line, goods: `${tag} item ${i + 1}` }
      : { ...line, productname: `${tag} engine ${i + 1}` };
  });
  return {
    method: 'create',
    type: billType.type,
    ...validPayload(billType, rows, { invoiceno: billno, clientname: `Client ${tag}`, product }),
  };
}

/** What the server must have stored for an accepted body: the normalised record. */
export function expectedRecord(billType: BillType, body: Body): BillRecord {
  return recordOf(billType, toStoredBill(billType, normalizeBill(billType, body)));
}

export interface SentCreate {
  billType: BillType;
  body: Body;
  /** 'stored': answered 200; 'unknown': no answer (the server died with it in flight); else the status. */
  outcome: 'stored' | 'unknown' | number;
}

export interface LoadOptions {
  post(path: string, body: unknown): Promise<JsonAnswer>;
  billTypes: BillType[];
  workers: number;
  /** Each worker's bill numbers start here, spaced so no two workers ever share one. */
  firstNumber: number;
  tag: string;
  random: Random;
  /** Stops the load (checked before each request); the load also ends after `maxRequests`. */
  stopped(): boolean;
  maxRequests: number;
  /** Called after each answer, so a test can act (kill the server, start a backup) mid-load. */
  onAnswer?(sent: SentCreate, all: SentCreate[]): void;
}

/** Creates bills from several workers at once until stopped or a worker's request fails outright. */
export async function runCreateLoad(options: LoadOptions): Promise<SentCreate[]> {
  const sent: SentCreate[] = [];
  const worker = async (w: number) => {
    for (let i = 0; sent.length < options.maxRequests && !options.stopped(); i++) {
      const billType = options.billTypes[(w + i) % options.billTypes.length];
      const billno = options.firstNumber + w * 100_000 + i;
      const body = taggedBill(billType, billno, `${options.tag}-w${w}-${i}`, options.random.int(1, 4));
      const entry: SentCreate = { billType, body, outcome: 'unknown' };
      sent.push(entry);
      try {
        const answer = await options.post(billType.createPath, body);
        entry.outcome = answer.status === 200 ? 'stored' : answer.status;
      } catch {
        return; // the server is gone: this one stays 'unknown'
      }
      options.onAnswer?.(entry, sent);
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w)));
  return sent;
}
