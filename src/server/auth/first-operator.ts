import type { OperatorStore } from '../storage/operators';
import { generatePassword, hashPassword, passwordProblem, type HashCost } from './passwords';

export const DEFAULT_OPERATOR_EMAIL = 'admin@localhost';

/**
 * On a database without operators, creates one: OPERATOR_EMAIL / OPERATOR_PASSWORD when given, else
 * a generated password that is printed this once. Does nothing once an operator exists.
 */
export async function ensureFirstOperator(
  operators: OperatorStore,
  email: string | undefined,
  password: string | undefined,
  print: (line: string) => void,
  cost?: HashCost,
): Promise<void> {
  if ((await operators.count()) > 0) return;
  const problem = password === undefined ? undefined : passwordProblem(password);
  if (problem) throw new Error(`OPERATOR_PASSWORD: ${problem}`);
  const address = email ?? DEFAULT_OPERATOR_EMAIL;
  const chosen = password ?? generatePassword();
  if (!(await operators.addFirst(address, await hashPassword(chosen, cost)))) return;
  if (password === undefined) {
    print(`Created the first operator ${address} with the password ${chosen}`);
    print('It is shown only this once. Change it with: npm run operator -- passwd ' + address);
  } else {
    print(`Created the first operator ${address} (password from OPERATOR_PASSWORD).`);
  }
}
