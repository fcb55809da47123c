import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Registry } from '../engine/core';
import { localIsoDay } from '../engine/core';
import { checkAccess, routeAccessTable, type RouteAccessEntry } from './auth/access';
import { authenticate } from './auth/authenticate';
import { lockPasswordCheck } from './auth/lock-password';
import { passwordCheckGate, type PasswordCheckLimit } from './auth/password-check-gate';
import { PASSWORD_COST, type HashCost } from './auth/passwords';
import { fillStoredBillFigures } from './bills/figures';
import { loadRoles, type Roles } from './auth/roles';
import { signInThrottle, type ThrottleLimit } from './auth/sign-in-throttle';
import { tokenIssuer } from './auth/tokens';
import type { TrustProxy } from './config';
import {
  capConnectionsPerAddress,
  CONNECTION_LIMITS,
  connectionOptions,
  type ConnectionLimits,
} from './http/connection-limits';
import { compressAnswers } from './http/compression';
import { clientErrorHandler, installErrorHandling } from './http/errors';
import { installStrictJsonParser } from './http/json-body';

/** helmet's default HSTS policy: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';
import { defaultDocumentRenderer, defaultPdfRenderer, type DocumentRenderer, type PdfRenderer } from './http/pdf-reply';
import { perOperatorRenders } from './http/render-limit';
import { perOperatorReports } from './http/report-limit';
import { serveWebApp } from './http/web-app';
import { accountRoutes } from './routes/account';
import { authRoutes, signOutRoute } from './routes/auth';
import { operatorRoutes } from './routes/operators';
import { catalogRoutes } from './routes/catalogs';
import { clientRoutes } from './routes/clients';
import { commonBillRoutes } from './routes/common-bills';
import { reportRoutes } from './routes/reports';
import { gstr3bRoutes } from './routes/gstr3b';
import { tallyRoutes } from './routes/tally';
import { profileRoutes } from './routes/profile';
import { paymentRoutes } from './routes/payments';
import { contractRoutes } from './routes/contracts';
import { todayRoutes } from './routes/today';
import { startContractScheduler } from './contracts/run-contracts';
import { periodLockRoutes } from './routes/period-locks';
import { mailRoutes } from './routes/mail';
import { clientMailRoutes } from './routes/client-mail';
import { ewayBillRoutes } from './routes/eway-bill';
import { eInvoiceRoutes } from './routes/e-invoice';
import { billShareRoutes } from './routes/bill-share';
import { auditRoutes } from './routes/audit';
import { auditVerifyRoutes } from './routes/audit-verify';
import { startMailQueue } from './mail/mail-queue';
import { MAIL_DEADLINE_MS, type MailDelivery, type MailTls } from './mail/transport';
import type { RouteContext } from './routes/context';
import { unitBillRoutes } from './routes/unit-bills';
import { stockRoutes } from './routes/stock';
import type { Storage } from './storage';

export interface ApiServerOptions {
  registry: Registry;
  storage: Storage;
  authSecret: Uint8Array;
  /** Who may do what; default schemas/roles.json. */
  roles?: Roles;
  /** Token lifetime in jose's notation ('12h', '30m'). */
  tokenTtl?: string;
  /** The built web app to serve beside the API; none when undefined. */
  webRoot?: string;
  /** Serve the web app's source maps (SOURCE_MAPS=1); off by default, as they hold the app's source. */
  serveSourceMaps?: boolean;
  logger?: FastifyServerOptions['logger'];
  /**
   * Behind reverse proxies: the client address is taken from X-Forwarded-For (the sign-in limits count by it),
   * trusting only as many hops as given, or hops from the addresses given (config.ts: trustProxyFrom).
   */
  trustProxy?: TrustProxy;
  /** Password checks allowed per e-mail and address, and per address, in a window; default SIGN_IN_LIMIT. */
  signInLimit?: ThrottleLimit;
  /**
   * scrypt's cost for the passwords set through the API and for the decoy an unknown e-mail is checked against;
   * default PASSWORD_COST (OWASP's). A check pays the cost stored in its hash, whatever this says.
   */
  passwordCost?: HashCost;
  /** Password hashes at once and sign-ins waiting for one; default PASSWORD_CHECK_LIMIT. */
  passwordCheckLimit?: PasswordCheckLimit;
  /** Checks of the password that moves a filed month back, per operator and per address; default LOCK_PASSWORD_LIMIT. */
  lockPasswordLimit?: ThrottleLimit;
  /**
   * Renders bill PDFs: the server passes its worker pool (src/server/pdf-pool); pdfmake on the request
   * thread when none is given (most tests), or a test's own.
   */
  renderPdf?: PdfRenderer;
  /** Renders receipts and statements (the mail queue's too): the server passes its worker pool; pdfmake on the request thread when none is given. */
  renderDocument?: DocumentRenderer;
  /** Request timeout, keep-alive and connections per address; default CONNECTION_LIMITS. */
  connectionLimits?: Partial<ConnectionLimits>;
  /** PDF renders one operator may have under way at once; the default is RENDERS_PER_OPERATOR. */
  rendersPerOperator?: number;
  /** Reports and client bill lists one operator may have under way at once; the default is REPORTS_PER_OPERATOR. */
  reportsPerOperator?: number;
  /** The key mail passwords are sealed with (main.ts: MAIL_SECRET or DATA_DIR's); a random one per process when none. */
  mailKey?: Buffer;
  /** Waits before a failed send is tried again; default RETRY_DELAYS_MS (10, 30, 90 s). */
  mailRetryDelaysMs?: number[];
  /** TLS the mail transport trusts beyond Node's (tests' own CA). */
  mailTls?: MailTls;
  /** Units' mail servers may be on a private network (MAIL_ALLOW_PRIVATE_HOSTS); off by default. */
  mailAllowPrivateHosts?: boolean;
  /** Recipients one operator's e-mails may have in an hour; default MAIL_RECIPIENTS_PER_HOUR. */
  mailRecipientsPerHour?: number;
  /** The whole of one send, a test's included; default MAIL_DEADLINE_MS. */
  mailSendTimeoutMs?: number;
  /** How often the contract scheduler raises what has fallen due (issue 47); 0: never (not even at start). Default hourly. */
  contractRunEveryMs?: number;
  /** Today's date (YYYY-MM-DD) as the portal exports judge a document's age; default the server's local day. */
  today?: () => string;
}

/** MAIL_RECIPIENTS_PER_HOUR's default: a day's bills to a few hundred clients, not a mailing list. */
export const MAIL_RECIPIENTS_PER_HOUR = 300;

export const BODY_LIMIT = 1024 * 1024;

/** The contract scheduler's default period: an invoice due today is raised within the hour. */
export const CONTRACT_RUN_EVERY_MS = 60 * 60 * 1000;

/** The app's content security policy: its own scripts only; PDFs shown from blob: URLs in a frame. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'self'", 'blob:'],
  frameAncestors: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // The app is served over plain HTTP on a shop network; upgrading its requests to HTTPS would break it.
  upgradeInsecureRequests: null,
};

/**
 * Fastify's trust test for X-Forwarded-For. A hop count becomes "the first n addresses from the socket's
 * inwards": the socket (the nearest proxy) and what each trusted proxy appended, never the entries the client
 * wrote (Fastify itself refuses a bare number: it cannot tell a proxy from a client that way).
 */
function proxyTrust(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the action it needs or why it is public (auth/access.ts), in the order they were added. */
    routeAccess: readonly RouteAccessEntry[];
  }
}

/** The Fastify app: the spec 7 API (routes from the registry) and the web app, not yet listening. */
export async function buildApiServer(options: ApiServerOptions): Promise<FastifyInstance> {
  const limits = { ...CONNECTION_LIMITS, ...options.connectionLimits };
  const app = Fastify({
    ...connectionOptions(limits),
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    trustProxy: proxyTrust(options.trustProxy ?? false),
    clientErrorHandler,
  });
  // Behind a proxy every connection comes from the proxy: the cap would throttle everyone, so the proxy caps.
  capConnectionsPerAddress(app.server, options.trustProxy ? 0 : limits.connectionsPerAddress);
  const roles = options.roles ?? loadRoles();
  const accessTable = routeAccessTable(app, roles);
  app.decorate('routeAccess', accessTable.routes);
  app.decorateRequest('operator', null);
  app.decorateRequest('tokenClaims', null);
  installErrorHandling(app);
  installStrictJsonParser(app);
  // HSTS is ours to send, and only over HTTPS: sent over plain HTTP it is ignored at best (RFC 6797 8.1).
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: true, directives: CSP_DIRECTIVES },
    strictTransportSecurity: false,
  });
  await compressAnswers(app);
  app.addHook('onSend', async (request, reply, payload) => {
    // request.protocol is https for a TLS connection, or per X-Forwarded-Proto from a trusted proxy (TRUST_PROXY).
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });
  /*
   * API answers are business records and sign-in tokens: no browser or proxy cache keeps a copy. Decided by
   * what answered, not by the raw URL (`/%61pi/...` reaches the API too): every answer but the web app's files,
   * which set their own, is no-store (errors and 404s included).
   */
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  await fillStoredBillFigures(options.registry, options.storage);
  const renderers = { bill: options.renderPdf ?? defaultPdfRenderer, document: options.renderDocument ?? defaultDocumentRenderer };
  const mailKey = options.mailKey ?? randomBytes(32);
  const delivery: MailDelivery = {
    hosts: { allowPrivate: options.mailAllowPrivateHosts ?? false },
    deadlineMs: options.mailSendTimeoutMs ?? MAIL_DEADLINE_MS,
    tls: options.mailTls,
  };
  const mailQueue = startMailQueue({
    registry: options.registry,
    storage: options.storage,
    mailKey,
    renderPdf: renderers.bill,
    renderDocument: renderers.document,
    retryDelaysMs: options.mailRetryDelaysMs,
    delivery,
    log: (line) => app.log.warn(line),
  });
  app.addHook('onClose', () => mailQueue.close());
  const contractRunEveryMs = options.contractRunEveryMs ?? CONTRACT_RUN_EVERY_MS;
  const contracts = options.registry.contracts;
  if (contracts && contractRunEveryMs > 0) {
    const scheduler = startContractScheduler(
      { registry: options.registry, spec: contracts, storage: options.storage, kickMail: () => mailQueue.kick(), log: (line) => app.log.warn(line) },
      contractRunEveryMs,
    );
    app.addHook('onClose', () => scheduler.close());
  }
  const operatorRenders = perOperatorRenders(renderers, options.rendersPerOperator);
  const passwordChecks = passwordCheckGate(options.passwordCheckLimit);
  const context: RouteContext = {
    registry: options.registry,
    roles,
    storage: options.storage,
    tokens: tokenIssuer(options.authSecret, options.tokenTtl),
    throttle: signInThrottle(options.storage.signInFailures, options.signInLimit),
    passwordChecks,
    passwordCost: options.passwordCost ?? PASSWORD_COST,
    lockPassword: lockPasswordCheck(options.storage.signInFailures, passwordChecks, options.storage.audit, options.lockPasswordLimit),
    renderPdf: operatorRenders.bill,
    renderDocument: operatorRenders.document,
    reportSlot: perOperatorReports(options.reportsPerOperator),
    mail: { key: mailKey, queue: mailQueue, delivery, recipientsPerHour: options.mailRecipientsPerHour ?? MAIL_RECIPIENTS_PER_HOUR },
    today: options.today ?? (() => localIsoDay()),
  };
  authRoutes(app, context);
  await app.register(async (api) => {
    api.addHook('onRequest', authenticate(context.tokens, context.storage));
    // One check of the role, units and must-change password for every route below (each declares its action).
    api.addHook('preHandler', checkAccess(roles, context.registry));
    signOutRoute(api, context);
    accountRoutes(api, context);
    operatorRoutes(api, context);
    catalogRoutes(api, context);
    clientRoutes(api, context);
    commonBillRoutes(api, context);
    unitBillRoutes(api, context);
    reportRoutes(api, context);
    gstr3bRoutes(api, context);
    tallyRoutes(api, context);
    profileRoutes(api, context);
    periodLockRoutes(api, context);
    paymentRoutes(api, context);
    contractRoutes(api, context);
    todayRoutes(api, context);
    mailRoutes(api, context);
    clientMailRoutes(api, context);
    billShareRoutes(api, context);
    ewayBillRoutes(api, context);
    eInvoiceRoutes(api, context);
    auditRoutes(api, context);
    auditVerifyRoutes(api, context);
    stockRoutes(api, context);
  });
  accessTable.staticFiles();
  await serveWebApp(app, options.webRoot, options.serveSourceMaps);
  return app;
}
