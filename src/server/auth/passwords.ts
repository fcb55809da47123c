import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost: N (work and memory), r (block size), p (lanes). */
export interface HashCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's N=2^15, r=8, p=3 (32 MiB and about a third of a second of one core per hash), with a 16-byte salt per
 * password. The cost is stored in the hash, so it can be raised later without breaking existing passwords, and a
 * check always pays the cost its hash was made with.
 */
export const PASSWORD_COST: HashCost = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 32;
/** Twelve characters: a short passphrase; a typed password of 8 falls to a guessing rig in days. */
export const MIN_PASSWORD_LENGTH = 12;
/** Longer passwords are cut here at sign-in, so that nobody makes the server hash megabytes. */
export const MAX_PASSWORD_LENGTH = 1024;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Why a new password cannot be used, or undefined when it can: the rules sign-in applies (it cuts at
 * MAX_PASSWORD_LENGTH and its JSON refuses control characters), so every password set can also sign in.
 */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
    return `The password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH.toLocaleString('en-IN')} characters long.`;
  if (CONTROL_CHARACTER.test(password))
    return 'The password must not contain control characters (tabs, line breaks, escapes).';
  if (password.trim() === '') return 'The password must not be only spaces.';
  return undefined;
}

function derive(password: string, salt: Buffer, params: HashCost): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, cost: HashCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const decoys = new Map<HashCost, Promise<string>>();

/** A hash of `cost` to check against when the e-mail is unknown, so a failed login takes as long either way. */
export function decoyHash(cost: HashCost = PASSWORD_COST): Promise<string> {
  if (!decoys.has(cost)) decoys.set(cost, hashPassword(randomBytes(16).toString('hex'), cost));
  return decoys.get(cost)!;
}

/** A password for an operator created without one: 18 random characters, easy to type. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url').slice(0, 18);
}
