// Preloaded into a server (NODE_OPTIONS=--import=<this file>; --cpu-prof is not allowed there) to write a
// V8 CPU profile to $BENCH_CPU_PROFILE when the server is told to stop.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const target = process.env.BENCH_CPU_PROFILE;
if (target) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  // Registered before the server's own handler, and the inspector answers this session synchronously,
  // so the file is written before the server exits.
  process.once('SIGTERM', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(target, JSON.stringify(result.profile));
    });
  });
}
