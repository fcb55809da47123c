import { describe, expect, it } from 'vitest';
import { MAX_PASSWORD_LENGTH, passwordProblem } from '../../src/server/auth/passwords';

describe('rules for a new operator password (the CLI and OPERATOR_PASSWORD apply them)', () => {
  it.each([
    ['11 characters', 'eleven char', 'The password must be 12 to 1,024 characters long.'],
    ['1,025 characters (sign-in reads 1,024)', 'p'.repeat(1_025), 'The password must be 12 to 1,024 characters long.'],
    ['a control character', 'password\u0007with bell', 'The password must not contain control characters'],
    ['a tab', 'password\twith tab', 'The password must not contain control characters'],
    ['a C1 control character', 'password\u0085next line', 'The password must not contain control characters'],
    ['only spaces', ' '.repeat(16), 'The password must not be only spaces.'],
  ])('refuses %s', (_, password, message) => {
    expect(passwordProblem(password)).toContain(message);
  });

  it.each([
    ['exactly 12 characters, a space first', ' twelve char'],
    ['exactly 1,024 characters', 'x'.repeat(MAX_PASSWORD_LENGTH)],
    ['a passphrase with spaces and Unicode', 'correct horse bättery स्टेपल'],
  ])('takes %s', (_, password) => {
    expect(passwordProblem(password)).toBeUndefined();
  });
});
