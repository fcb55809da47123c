import { expect, it } from 'vitest';
import { loadRegistry } from '../../src/server/schema-files';
import { validPayload } from '../fixtures/payloads';
import { describeEachDatabase } from '../api/databases';
import { isAlive, rowCounts } from './support/database-inspection';
import { forgedAuthorizations } from './support/forged-tokens';
import { fuzzTargets } from './support/fuzz-targets';
import { nextFuzzCase, type FuzzCase } from './support/fuzz-requests';
import { rawRequest, type RawResponse } from './support/raw-http';
import { seededRandom, seedFrom } from './support/seeded-random';
import { STRESS_AUTH_SECRET, stressRigPerFile } from './support/stress-server';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2_500);
const WORKERS = 4;
/** A safety net, not a target: the loop stops here even if the machine is very slow (and then fails). */
const TIME_LIMIT_MS = 200_000;

/** Why an answer is not a proper refusal (a 4xx with a JSON body of exactly `{msg: text}`); undefined when it is. */
function notARefusal(response: RawResponse): string | undefined {
  if (response.status < 400 || response.status > 499) return `status ${response.status}`;
  if (!/^application\/json/.test(response.headers['content-type'] ?? ''))
    return `type ${response.headers['content-type']}`;
  try {
    const body = JSON.parse(response.body.toString('utf8'));
    const keys = Object.keys(body ?? {});
    if (keys.length !== 1 || typeof body.msg !== 'string' || body.msg === '') return `body ${response.body}`;
  } catch {
    return `not JSON: ${response.body.toString('utf8').slice(0, 120)}`;
  }
  return undefined;
}

/**
 * A body over the limit is refused on its Content-Length, before it has arrived; the server then closes with the
 * rest of the body unread, and TCP resets the connection, which can throw away its 413 at the client before it is
 * read (EPIPE/ECONNRESET with no answer). That is the transport's doing, not the server's answer: such a case counts
 * as refused, and the rows and health checks below still hold it to having changed nothing.
 */
function resetWhileSending(fuzzCase: FuzzCase, response: RawResponse): boolean {
  return fuzzCase.kind === 'too-large' && response.status === 0 && /EPIPE|ECONNRESET/.test(response.body.toString());
}

function describeCase(index: number, fuzzCase: FuzzCase): string {
  const body = fuzzCase.request.body?.toString('utf8').slice(0, 160) ?? '';
  return `#${index} ${fuzzCase.kind} ${fuzzCase.request.method} ${fuzzCase.request.path.slice(0, 80)} ${body}`;
}

describeEachDatabase('fuzz: malformed requests to every endpoint', (database) => {
  const rig = stressRigPerFile(database);

  it(`answers ${REQUESTS} of them with 4xx {msg}, stores nothing, and stays healthy`, async () => {
    const registry = loadRegistry();
    const seed = seedFrom('FUZZ_SEED', `fuzz [${database.name}]`);
    const random = seededRandom(seed);
    const context = {
      token: rig.server.token,
      forged: await forgedAuthorizations(rig.server.token, STRESS_AUTH_SECRET),
      targets: fuzzTargets(registry),
    };
    // Generated up front, in order, so the seed alone reproduces every request whatever the timing.
    const cases = Array.from({ length: REQUESTS }, () => nextFuzzCase(random, context));
    const before = await rowCounts(rig.storage);

    const failures: string[] = [];
    const tally = new Map<string, number>();
    const started = Date.now();
    let next = 0;
    let sent = 0;
    const worker = async () => {
      while (next < cases.length && Date.now() - started < TIME_LIMIT_MS) {
        const index = next++;
        const fuzzCase = cases[index];
        const response = await rawRequest(rig.server.process.url, fuzzCase.request).catch((error: Error): RawResponse => ({
          status: 0,
          headers: {},
          body: Buffer.from(error.message),
        }));
        sent++;
        tally.set(`${fuzzCase.kind} ${response.status}`, (tally.get(`${fuzzCase.kind} ${response.status}`) ?? 0) + 1);
        const wrong =
          (resetWhileSending(fuzzCase, response) ? undefined : notARefusal(response)) ??
          (fuzzCase.kind === 'bad-token' && response.status !== 401 ? `status ${response.status}, not 401` : undefined);
        if (wrong)
          failures.push(`${describeCase(index, fuzzCase)} -> ${wrong}: ${response.body.toString().slice(0, 100)}`);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    const seconds = (Date.now() - started) / 1000;

    const statuses = new Map<number, number>();
    for (const [key, count] of tally) {
      const status = Number(key.split(' ')[1]);
      statuses.set(status, (statuses.get(status) ?? 0) + count);
    }
    console.log(
      `fuzz [${database.name}]: ${sent} requests in ${seconds.toFixed(1)} s, seed ${seed}; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `5xx: ${[...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0)}, not {msg}: ${failures.length}`,
    );
    console.log(
      `fuzz [${database.name}] by kind: ${[...tally]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')}`,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    // The too-large bodies were refused with 413 {msg} wherever the answer could be read before the reset.
    expect(tally.get('too-large 413') ?? 0).toBeGreaterThan(0);
    expect(sent).toBe(REQUESTS);
    expect(await rowCounts(rig.storage)).toEqual(before);

    // Healthy afterwards: the same process still runs and still takes a valid bill.
    expect(isAlive(rig.server.process.pid)).toBe(true);
    const billType = registry.billTypes[0];
    const created = await rig.server.post(billType.createPath, {
      method: 'create',
      type: billType.type,
      ...validPayload(billType, 2, { invoiceno: 1 }),
    });
    expect(created.status).toBe(200);
    expect(created.body.subarray(0, 5).toString()).toBe('%PDF-');
    const listed = await rig.server.post('/api/common/getbill', { billtype: billType.type });
    expect(JSON.parse(listed.body.toString()).bill).toHaveLength(1);
  });
});
