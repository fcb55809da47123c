/**
 * `npm run bench:render`: what other operators feel while a long bill's PDF renders (issue 19: PDFs render
 * in a pool of worker threads, so the request thread stays free). On the shared server over 100,000 bills
 * (support/seeded-server.ts), a bill of 1,000 lines is printed again and again (`showpdf`, one at a time)
 * while another client asks for a page of the list, request after request; beside the same list requests
 * with nothing rendering, in the same run.
 */
import { atMost, median, percentile, runIfMain, type Figure } from './support/report';
import { BIG, LONGEST, sharedSeededServer } from './support/seeded-server';

const RENDERS = 6;
const IDLE_CALLS = 60;

async function timedCall(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

export async function benchRender(): Promise<Figure[]> {
  const { server } = await sharedSeededServer();
  const listPage = () => server.post('/api/common/getbill', { billtype: BIG.billType.type, limit: 25, offset: 0 });
  const render = () => server.post('/api/common/showpdf', { billtype: LONGEST.billType.type, billno: LONGEST.billno });
  await listPage();
  await render();

  const idle: number[] = [];
  for (let call = 0; call < IDLE_CALLS; call++) idle.push(await timedCall(listPage));

  const during: number[] = [];
  const renders: number[] = [];
  let rendering = true;
  const renderLoop = (async () => {
    for (let run = 0; run < RENDERS; run++) renders.push(await timedCall(render));
    rendering = false;
  })();
  while (rendering) during.push(await timedCall(listPage));
  await renderLoop;
  return figures(idle, during, renders);
}

function figures(idle: number[], during: number[], renders: number[]): Figure[] {
  const baseline = (q: number) => ({ name: 'same list call, nothing rendering', value: percentile(idle, q) });
  const lines = `${LONGEST.lines.toLocaleString('en')}-line bill`;
  const p99 = percentile(during, 0.99);
  return [
    { part: 'Render', name: `list page while a ${lines} renders: p50 (${during.length} calls)`, value: median(during), unit: 'ms', baseline: baseline(0.5) },
    { part: 'Render', name: `list page while a ${lines} renders: p99`, value: p99, unit: 'ms', baseline: baseline(0.99), target: atMost(50, 'ms')(p99) },
    { part: 'Render', name: `the ${lines}'s PDF (showpdf, ${renders.length} runs)`, value: median(renders), unit: 'ms' },
  ];
}

await runIfMain(import.meta.url, benchRender);
