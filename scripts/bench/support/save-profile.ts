/** A bench server under the V8 CPU profiler while some load runs, summarised: where its CPU time went. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { byFunction, byPlace, formatShares, idlePercent, type CpuProfile } from './cpu-profile';
import type { LoadResult } from './load';
import { startBenchServer, type BenchServer } from './server';

/**
 * The 8 clients of the save benches stand for 8 operators at their counters; they share the bench's one sign-in, so
 * the per-operator render limit (3 at once, RENDERS_PER_OPERATOR) is lifted to let them all save.
 */
export const SAVE_SERVER_ENV = { RENDERS_PER_OPERATOR: '8' };

/**
 * Starts a server (SAVE_SERVER_ENV and `env`) with the profiler preloaded (support/cpu-profiler.mjs: --cpu-prof is
 * refused in NODE_OPTIONS), runs `warmUp` on it, then `load` under the profiler, stops it and returns the profile's
 * summary under `label`: the server's start and the warm-up (module loading, the first renders) left out. Idle is
 * the request thread waiting: on the database, the render threads or the clients.
 */
export async function serverProfile(
  label: string,
  env: NodeJS.ProcessEnv,
  warmUp: (server: BenchServer) => Promise<unknown>,
  load: (server: BenchServer) => Promise<LoadResult>,
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'billing-profile-'));
  const file = join(dir, 'server.cpuprofile');
  const preload = new URL('./cpu-profiler.mjs', import.meta.url).pathname;
  try {
    const server = await startBenchServer({ ...SAVE_SERVER_ENV, ...env, NODE_OPTIONS: `--import=${preload}`, BENCH_CPU_PROFILE: file, BENCH_CPU_PROFILE_ON_SIGNAL: '1' });
    let result: LoadResult;
    try {
      await warmUp(server);
      process.kill(server.pid, 'SIGUSR2');
      result = await load(server);
    } finally {
      await server.stop();
    }
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    return [
      `${label} (${result.perSecond.toFixed(1)} bills/s, p99 ${result.p99} ms while sampled); the request thread idle ${idlePercent(profile).toFixed(0)}% (waiting on the database, the render threads or the clients):`,
      formatShares('Self time by package or file:', byPlace(profile)),
      formatShares('Self time by function:', byFunction(profile)),
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
