import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Registry } from '../../engine/core';
import type { LockPasswordCheck } from '../auth/lock-password';
import type { PasswordCheckGate } from '../auth/password-check-gate';
import type { HashCost } from '../auth/passwords';
import type { Roles } from '../auth/roles';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import type { TokenIssuer } from '../auth/tokens';
import type { OperatorDocumentRenderer, OperatorRenderer } from '../http/render-limit';
import type { MailQueue } from '../mail/mail-queue';
import type { MailDelivery } from '../mail/transport';
import type { Storage } from '../storage';

/** What every route group needs: the bill types, the storage, sign-in, and the PDF renderer (bounded per operator). */
export interface RouteContext {
  registry: Registry;
  /** schemas/roles.json: what each role may do (issue 45). */
  roles: Roles;
  storage: Storage;
  tokens: TokenIssuer;
  throttle: SignInThrottle;
  passwordChecks: PasswordCheckGate;
  /** scrypt's cost for a password set here (and the decoy of an unknown e-mail). */
  passwordCost: HashCost;
  /** The operator's password asked again to move a filed month back: throttled and audited like sign-in. */
  lockPassword: LockPasswordCheck;
  renderPdf: OperatorRenderer;
  /** Receipts and statements, in the same workers and under the same per-operator bound as bills. */
  renderDocument: OperatorDocumentRenderer;
  /** Holds one of the operator's report slots for a report or a client's bills (http/report-limit.ts). */
  reportSlot: preHandlerAsyncHookHandler;
  /**
   * Sending e-mail (issue 32): the key mail passwords are sealed with, the background queue, how sends go out (allowed
   * hosts, deadline, extra trusted TLS) and the recipients one operator may mail in an hour.
   */
  mail: { key: Buffer; queue: MailQueue; delivery: MailDelivery; recipientsPerHour: number };
  /** Today (YYYY-MM-DD): the portal exports refuse or warn by a document's age (a test fixes the day). */
  today: () => string;
}
