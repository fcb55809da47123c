import { ownValue } from '../../engine/core';
import { hashPassword, passwordProblem } from '../auth/passwords';
import { loadRoles, OWNER_ROLE } from '../auth/roles';
import { loadRegistry } from '../schema-files';
import { openStorage, type DatabaseOptions, type Storage } from '../storage';
import type { ChainHead } from '../storage/audit-chain';
import { parseHead, typeNamesOf } from '../storage/audit-verify';
import { normalizeEmail, type OperatorStore } from '../storage/operators';
import { ACCESS_USAGE, accessOptions, unitsText } from './access-options';
import { readPassword } from './password-input';
import { cliOperator, trashCommand, TRASH_USAGE, UsageError } from './trash';
import { contractsCommand, CONTRACTS_USAGE } from './contracts';

const USAGE = `Usage: npm run operator -- <command>
  add <email> [--role <role>] [--units <a,b|all>]
                   add an operator (password from a prompt, or the first line of stdin); the role is
                   owner for the first operator, else operator unless given
  set <email> [--role <role>] [--units <a,b|all>] [--disable|--enable]
                   change what an operator may do (the last enabled owner stays one)
                   ${ACCESS_USAGE}
  passwd <email>   set an operator's new password (signs out their sessions)
  list             list the operators with their role, units and whether disabled
  remove <email>   remove an operator (signs out their sessions; the last one and the last owner stay)
${TRASH_USAGE}
${CONTRACTS_USAGE}
  audit verify [--head N:HASH]
                   walk the audit chain and name the first row changed, deleted or inserted (exit 1);
                   --head: also confirm that a head printed on a download earlier is still in the chain
Uses the server's DATA_DIR or DATABASE_URL, and its AUDIT_KEY or AUDIT_KEY_FILE.`;

function emailArgument(email: string | undefined): string {
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email.trim())) throw new UsageError('Give an e-mail address.');
  return normalizeEmail(email);
}

async function newPasswordHash(io: CliIo): Promise<string> {
  const password = await io.password('Password: ', true);
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  return hashPassword(password);
}

async function existing(operators: OperatorStore, email: string | undefined): Promise<string> {
  const address = emailArgument(email);
  if (!(await operators.byEmail(address))) throw new Error(`${address} is not an operator.`);
  return address;
}

const COMMANDS: Record<string, (storage: Storage, args: string[], io: CliIo) => Promise<string>> = {
  async add({ operators }, [email, ...options], io) {
    const address = emailArgument(email);
    const { role, units } = accessOptions(options, loadRoles(), loadRegistry());
    const taken = `${address} is already an operator.`;
    if (await operators.byEmail(address)) throw new Error(taken);
    // The first operator added here (before the server ever started) manages the others: an owner.
    const chosenRole = role ?? ((await operators.count()) === 0 ? OWNER_ROLE : 'operator');
    const access = { role: chosenRole, units: units ?? null };
    if (!(await operators.add(address, await newPasswordHash(io), access, cliOperator()))) throw new Error(taken);
    return `Added ${address} (${chosenRole}, ${unitsText(access.units)}).`;
  },
  async set({ operators }, [email, ...options]) {
    const address = await existing(operators, email);
    const change = accessOptions(options, loadRoles(), loadRegistry());
    if (Object.keys(change).length === 0) throw new UsageError('Give --role, --units, --disable or --enable.');
    // A refusal (the last owner) is an OperatorChangeRefused, printed as any error is.
    const after = await operators.changeAccess(address, change, cliOperator());
    return `Changed ${address}: ${after.role}, ${unitsText(after.units)}${after.disabled ? ', disabled' : ''}.`;
  },
  async passwd({ operators }, [email], io) {
    const address = await existing(operators, email);
    await operators.setPassword(address, await newPasswordHash(io), false, cliOperator());
    return `Changed the password of ${address}.`;
  },
  async list({ operators }) {
    const all = await operators.list();
    const line = (operator: (typeof all)[number]) =>
      [operator.email, operator.role, unitsText(operator.units), ...(operator.disabled ? ['disabled'] : []), `(added ${operator.createdAt})`].join('\t');
    return all.map(line).join('\n') || 'No operators.';
  },
  async remove({ operators }, [email]) {
    const address = await existing(operators, email);
    if ((await operators.count()) <= 1) throw new Error(`${address} is the last operator; add another one first.`);
    await operators.remove(address, cliOperator());
    return `Removed ${address}.`;
  },
  trash: (storage, args) => trashCommand(storage, loadRegistry(), args),
  contracts: (storage, args) => contractsCommand(storage, loadRegistry(), args),
  async audit({ auditChain }, args) {
    const [verb, ...options] = args;
    if (verb !== 'verify') throw new UsageError('Give audit verify.');
    const claim = headOption(options);
    const verdict = await auditChain.verify({ claim, typeName: typeNamesOf(loadRegistry()) });
    if (!verdict.ok) throw new Error(verdict.msg);
    return verdict.msg;
  },
};

/** `--head N:HASH`, or nothing. */
function headOption(options: string[]): ChainHead | undefined {
  if (options.length === 0) return undefined;
  const claim = options[0] === '--head' && options.length === 2 ? parseHead(options[1]) : undefined;
  if (!claim) throw new UsageError('Give --head N:HASH: the chain head as printed on a download (the row count, a colon, 64 hex digits).');
  return claim;
}

/** Where the commands print and read a new password: the terminal, or a test's own strings. */
export interface CliIo {
  log(text: string): void;
  error(text: string): void;
  password(prompt: string, confirm: boolean): Promise<string>;
}

const TERMINAL: CliIo = { log: (text) => console.log(text), error: (text) => console.error(text), password: readPassword };

/**
 * `npm run operator -- add|passwd|list|remove|trash|audit ...` on the database `options` name: prints the
 * answer and returns the exit code (0 done, 1 refused, 2 no such command).
 */
export async function runOperatorCli(
  args: string[],
  options: DatabaseOptions,
  io: CliIo = TERMINAL,
): Promise<number> {
  const [name, ...rest] = args;
  const command = name === undefined ? undefined : ownValue(COMMANDS, name);
  if (!command) {
    io.error(USAGE);
    return 2;
  }
  const storage = await openStorage(options);
  try {
    io.log(await command(storage, rest, io));
    return 0;
  } catch (error) {
    io.error(error instanceof Error ? error.message : String(error));
    if (error instanceof UsageError) io.error(USAGE);
    return 1;
  } finally {
    await storage.close();
  }
}
