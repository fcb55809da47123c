// Preloaded into a server (NODE_OPTIONS=--import=<this file>; --cpu-prof is not allowed there) to write a
// V8 CPU profile to $BENCH_CPU_PROFILE when the server is told to stop. With BENCH_CPU_PROFILE_ON_SIGNAL set, the
// profile starts at SIGUSR2 instead, so that it leaves out the server's start and the bench's warm-up.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const target = process.env.BENCH_CPU_PROFILE;
if (target) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  const start = () => session.post('Profiler.start');
  if (process.env.BENCH_CPU_PROFILE_ON_SIGNAL) process.once('SIGUSR2', start);
  else start();
  // Registered before the server's own handler, and the inspector answers this session synchronously,
  // so the file is written before the server exits.
  process.once('SIGTERM', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(target, JSON.stringify(result.profile));
    });
  });
}
