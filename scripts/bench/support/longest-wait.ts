/** How often another client asks for a trivial call while the work under test runs. */
const PING_EVERY_MS = 20;

/**
 * Runs `work` (timed once) while another client asks for a trivial call every 20 ms: the work's time, and the
 * longest any of those calls waited (what the server's one JS thread made other operators wait).
 */
export async function longestWaitDuring(work: () => Promise<unknown>, trivialCall: () => Promise<unknown>) {
  const waits: number[] = [];
  let working = true;
  const others = (async () => {
    while (working) {
      const started = performance.now();
      await trivialCall();
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PING_EVERY_MS));
    }
  })();
  const started = performance.now();
  await work();
  const workMs = performance.now() - started;
  working = false;
  await others;
  return { workMs, longestWait: Math.max(...waits), calls: waits.length };
}
