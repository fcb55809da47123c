import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Registry } from '../../engine/core';
import type { PasswordCheckGate } from '../auth/password-check-gate';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import type { TokenIssuer } from '../auth/tokens';
import type { OperatorRenderer } from '../http/render-limit';
import type { MailQueue } from '../mail/mail-queue';
import type { MailTls } from '../mail/transport';
import type { Storage } from '../storage';

/** What every route group needs: the bill types, the storage, sign-in, and the PDF renderer (bounded per operator). */
export interface RouteContext {
  registry: Registry;
  storage: Storage;
  tokens: TokenIssuer;
  throttle: SignInThrottle;
  passwordChecks: PasswordCheckGate;
  renderPdf: OperatorRenderer;
  /** Holds one of the operator's report slots for a report or a client's bills (http/report-limit.ts). */
  reportSlot: preHandlerAsyncHookHandler;
  /** Sending e-mail (issue 32): the key mail passwords are sealed with, the background queue, extra trusted TLS. */
  mail: { key: Buffer; queue: MailQueue; tls: MailTls };
}
