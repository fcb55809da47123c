import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compiledEntry } from '../../scripts/server-entries';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
/** The server as `npm run server` runs it: compiled (tests/support/built-app.ts builds dist/ before the suites). */
const SERVER = compiledEntry('src/server/main.ts')!;

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a script to its end, feeding `input` on stdin: a compiled entry (`scripts/backup.ts`, `src/server/cli/operator.ts`
 * ...) as `npm run` runs it, its bundle in dist/server/ with plain node; any other TypeScript file with tsx.
 */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<Finished> {
  const compiled = compiledEntry(script);
  if (compiled) return runProgram(process.execPath, [compiled, ...args], env, input);
  return runProgram(TSX, [script, ...args], env, input);
}

/** Runs a program (pg_dump, say) in the project directory to its end, feeding `input` on stdin. */
export function runProgram(program: string, args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** A server process, once it has printed the address it listens on. */
export interface ServerProcess {
  url: string;
  /** The server's own process (plain node, no wrapper), so a signal reaches the server. */
  pid: number;
  output: () => string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash or a power cut would end it; resolves once the process is gone. */
  crash(): Promise<void>;
}

export function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const url = /Billing server on (http:\/\/\S+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({
        url,
        pid: child.pid!,
        output: () => output,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
        crash: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code}:\n${output}`));
    });
  });
}
