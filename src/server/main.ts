import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApiServer } from './api-server';
import { ensureFirstOperator } from './auth/first-operator';
import type { HashCost } from './auth/passwords';
import { reportImpossibleDates } from './bills/date-audit';
import { loadAuthSecret } from './auth/secret';
import { loadMailKey } from './mail/secret-box';
import { configFromEnv, type ServerConfig } from './config';
import { makeDataDirPrivate, privateByDefault } from './data-dir';
import { pdfWorkerPool } from './pdf-pool/pool';
import { loadRegistry, readSchemaFiles } from './schema-files';
import { openStorage, type Storage } from './storage';

export { configFromEnv };

export interface RunningServer {
  app: FastifyInstance;
  storage: Storage;
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  stop(): Promise<void>;
}

/** What a program that starts the server in its own process (not `npm start`) may choose. */
export interface StartOptions {
  /** Where the server's notes go (the first operator's password, placeholder letterheads); console.log by default. */
  print?: (line: string) => void;
  /** Where the request log goes; the process's stdout by default. */
  logStream?: { write(line: string): void };
  /**
   * The scrypt cost of the passwords this server sets (the first operator's too): OWASP's PASSWORD_COST by default.
   * The browser tests' app host lowers it as the API tests do (docs/testing.md); a check always pays its hash's cost.
   */
  passwordCost?: HashCost;
}

/** Checks the schemas, opens (and migrates) the database, makes the first operator, and listens. */
export async function startServer(
  config: ServerConfig,
  { print = console.log, logStream, passwordCost }: StartOptions = {},
): Promise<RunningServer> {
  const schemaFiles = readSchemaFiles();
  const registry = loadRegistry();
  const loosened = makeDataDirPrivate(config.dataDir);
  if (loosened.length > 0) {
    print(
      `Made ${loosened.length} data files readable by their owner only (other users could read them): ${loosened.join(', ')}`,
    );
  }
  const { databaseUrl, dataDir, auditKey, auditKeyFile } = config;
  const storage = await openStorage({ databaseUrl, dataDir, auditKey, auditKeyFile, registry });
  const pdfPool = pdfWorkerPool({ schemaFiles });
  try {
    // A server appends to the chain: a head its key does not verify would have every later row chained to it.
    const headProblem = await storage.auditChain.headProblem();
    if (headProblem) throw new Error(headProblem);
    await ensureFirstOperator(storage.operators, config.operatorEmail, config.operatorPassword, print, passwordCost);
    const app = await buildApiServer({
      registry,
      storage,
      authSecret: loadAuthSecret(config.authSecret, config.dataDir),
      mailKey: loadMailKey(config.mailSecret, config.dataDir),
      tokenTtl: config.tokenTtl,
      webRoot: config.webRoot,
      serveSourceMaps: config.serveSourceMaps,
      trustProxy: config.trustProxy,
      connectionLimits: {
        requestTimeoutMs: config.requestTimeoutMs,
        connectionsPerAddress: config.connectionsPerAddress,
      },
      logger: { level: config.logLevel, ...(logStream && { stream: logStream }) },
      passwordCost,
      renderPdf: pdfPool.render,
      renderDocument: pdfPool.renderDocument,
      rendersPerOperator: config.rendersPerOperator,
      reportsPerOperator: config.reportsPerOperator,
      mailAllowPrivateHosts: config.mailAllowPrivateHosts,
      mailRecipientsPerHour: config.mailRecipientsPerHour,
      mailSendTimeoutMs: config.mailSendTimeoutMs,
    });
    const url = await app.listen({ port: config.port, host: config.host });
    const saved = new Set(await storage.profiles.savedUnits());
    for (const unit of registry.units.filter((u) => u.placeholder && !saved.has(u.slug))) {
      print(`Note: the ${unit.menuLabel} letterhead in schemas/units.json still holds placeholder values; save the unit's Business Profile in the app before printing real bills.`);
    }
    print(`Billing server on ${url} (${storage.database.location})`);
    // Read in the background: a large database takes seconds to read, and the server answers meanwhile.
    const dateReport = reportImpossibleDates(storage, registry, print).catch((error: Error) =>
      print(`Could not check the stored bills' dates: ${error.message}`),
    );
    const stop = async () => {
      await app.close();
      await dateReport;
      await pdfPool.close();
      await storage.close();
    };
    return { app, storage, url, stop };
  } catch (error) {
    await pdfPool.close();
    await storage.close();
    throw error;
  }
}

/** `npm start`: the server configured from the environment, closed cleanly on SIGINT/SIGTERM. */
export async function runFromEnv(): Promise<void> {
  privateByDefault();
  const server = await startServer(configFromEnv());
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runFromEnv().catch((error: unknown) => {
    console.error(`Could not start the server: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
