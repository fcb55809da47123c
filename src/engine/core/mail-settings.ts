/**
 * A unit's outgoing mail server as the Business Profile screen saves it (issue 32), checked the same way by the
 * screen and by savemailsettings. The password is write-only: answered as `passwordset`, and a save without it
 * keeps the stored one.
 */
export const MAIL_SECURITY = { none: 'None', starttls: 'STARTTLS', tls: 'TLS (SSL)' } as const;
export type MailSecurity = keyof typeof MAIL_SECURITY;

export interface MailSettings {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  fromname: string;
  fromaddress: string;
  replyto: string;
}

/** What getmailsettings answers: the settings, whether a password is stored, and whether they were ever saved. */
export interface MailSettingsAnswer extends MailSettings {
  passwordset: boolean;
  saved: boolean;
}

export const DEFAULT_MAIL_SETTINGS: MailSettings = { host: '', port: 587, security: 'starttls', user: '', fromname: '', fromaddress: '', replyto: '' };

const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
const HOST = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$|^\[?[0-9A-Fa-f:.]+\]?$/;

export const isEmailAddress = (value: string): boolean => value.length <= 254 && EMAIL.test(value);

export type MailSettingsCheck =
  | { ok: true; settings: MailSettings; password: string | undefined }
  | { ok: false; field: string; msg: string };

const fail = (field: string, msg: string): MailSettingsCheck => ({ ok: false, field, msg });

function text(body: Record<string, unknown>, key: string, label: string, maxLength: number): string | MailSettingsCheck {
  const value = body[key] ?? '';
  if (typeof value !== 'string') return fail(key, `${label} must be text.`);
  if (value.trim().length > maxLength) return fail(key, `${label} is too long (at most ${maxLength} characters).`);
  return value.trim();
}

/** Checks savemailsettings' body field by field in screen order; the first problem names its field. */
export function checkMailSettings(input: unknown): MailSettingsCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return fail('', 'The mail settings must be a JSON object.');
  const body = input as Record<string, unknown>;
  const known = new Set([...Object.keys(DEFAULT_MAIL_SETTINGS), 'password', 'passwordset', 'saved']);
  const unknown = Object.keys(body).find((key) => !known.has(key));
  if (unknown !== undefined) return fail(unknown, `Unknown mail setting: ${unknown.slice(0, 40)}.`);
  const host = text(body, 'host', 'Mail server', 253);
  if (typeof host !== 'string') return host;
  if (host === '') return fail('host', 'Please provide the mail server (e.g. smtp.gmail.com).');
  if (!HOST.test(host)) return fail('host', 'The mail server must be a host name or an IP address, e.g. smtp.gmail.com.');
  const port = body.port ?? DEFAULT_MAIL_SETTINGS.port;
  if (!Number.isInteger(port) || (port as number) < 1 || (port as number) > 65535) return fail('port', 'Port must be a whole number from 1 to 65535.');
  const security = body.security ?? DEFAULT_MAIL_SETTINGS.security;
  if (typeof security !== 'string' || !Object.hasOwn(MAIL_SECURITY, security)) return fail('security', 'Security must be one of: none, starttls, tls.');
  const user = text(body, 'user', 'User name', 200);
  if (typeof user !== 'string') return user;
  const password = body.password;
  if (password !== undefined && (typeof password !== 'string' || password.length > 200)) return fail('password', 'Password must be text of at most 200 characters.');
  const fromname = text(body, 'fromname', 'From name', 100);
  if (typeof fromname !== 'string') return fromname;
  const fromaddress = text(body, 'fromaddress', 'From address', 254);
  if (typeof fromaddress !== 'string') return fromaddress;
  if (!isEmailAddress(fromaddress)) return fail('fromaddress', 'Please provide the From address, e.g. billing@example.com.');
  const replyto = text(body, 'replyto', 'Reply-to', 254);
  if (typeof replyto !== 'string') return replyto;
  if (replyto !== '' && !isEmailAddress(replyto)) return fail('replyto', 'Reply-to is not an e-mail address, e.g. accounts@example.com.');
  return { ok: true, settings: { host, port: port as number, security: security as MailSecurity, user, fromname, fromaddress, replyto }, password };
}
