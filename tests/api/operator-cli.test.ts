import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords';
import { openStorage } from '../../src/server/storage';
import { describeEachDatabase, type ScratchDatabase } from './databases';
import { operatorInProcess } from './operator-cli-in-process';
import { runScript } from './processes';

const CLI = 'src/server/cli/operator.ts';

describeEachDatabase('operator CLI (npm run operator)', (database) => {
  let scratch: ScratchDatabase;
  let env: NodeJS.ProcessEnv;
  /** The real entry point: a process, with stdin piped and its exit code. */
  const operatorProcess = (args: string[], input = '') => runScript(CLI, args, env, input);
  /** The same commands in this process (seconds faster each), answered as the process answers. */
  const operator = (args: string[], input = '') => operatorInProcess(args, scratch.options, input);

  beforeAll(async () => {
    scratch = await database.create();
    env = { DATA_DIR: scratch.options.dataDir, DATABASE_URL: scratch.options.databaseUrl ?? '' };
  });
  afterAll(() => scratch.dispose());

  async function passwordOk(email: string, password: string): Promise<boolean> {
    const storage = await openStorage(scratch.options);
    try {
      const found = await storage.operators.byEmail(email);
      return found !== undefined && (await verifyPassword(password, found.passwordHash));
    } finally {
      await storage.close();
    }
  }

  it('adds operators with the password from stdin, and lists them', async () => {
    expect(await operatorProcess(['add', 'Asha@AlfaDiesel.test'], 'first password\n')).toMatchObject({
      code: 0,
      stdout: 'Added asha@alfadiesel.test (owner, all units).\n',
    });
    expect((await operator(['add', 'ravi@alfadiesel.test'], 'ravi password\n')).code).toBe(0);
    expect(await passwordOk('asha@alfadiesel.test', 'first password')).toBe(true);

    const list = await operatorProcess(['list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^asha@alfadiesel\.test\towner\tall units\t\(added .+\)\nravi@alfadiesel\.test\toperator\tall units\t/);
  });

  it('refuses a duplicate, a short password and a missing e-mail', async () => {
    expect(await operatorProcess(['add', 'asha@alfadiesel.test'], 'another password\n')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already an operator'),
    });
    expect(await operator(['add', 'new@alfadiesel.test'], 'short\n')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The password must be 12 to 1,024 characters long.'),
    });
    expect(await operator(['add'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Usage: npm run operator'),
    });
    expect(await operatorProcess(['promote', 'asha@alfadiesel.test'])).toMatchObject({ code: 2 });
  });

  it('refuses new passwords sign-in could not take (the rules: tests/unit/password-rules.test.ts), at add and passwd', async () => {
    expect(await operator(['add', 'new@alfadiesel.test'], `${'p'.repeat(2_000)}\n`)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The password must be 12 to 1,024 characters long.'),
    });
    expect(await operator(['passwd', 'asha@alfadiesel.test'], 'password\u0007with bell\n')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The password must not contain control characters'),
    });
    expect(await passwordOk('asha@alfadiesel.test', 'first password')).toBe(true);
    expect((await operator(['list'])).stdout).not.toContain('new@');
  });

  it('takes a password of exactly 1,024 characters', async () => {
    expect((await operator(['passwd', 'asha@alfadiesel.test'], `${'x'.repeat(1_024)}\n`)).code).toBe(0);
    expect(await passwordOk('asha@alfadiesel.test', 'x'.repeat(1_024))).toBe(true);
  });

  it('changes a password', async () => {
    expect(await operator(['passwd', 'asha@alfadiesel.test'], 'second password\n')).toMatchObject({ code: 0 });
    expect(await passwordOk('asha@alfadiesel.test', 'second password')).toBe(true);
    expect(await passwordOk('asha@alfadiesel.test', 'x'.repeat(1_024))).toBe(false);
    expect((await operator(['passwd', 'nobody@alfadiesel.test'], 'whatever password\n')).code).toBe(1);
  });

  it('removes an operator but never the last one', async () => {
    expect(await operator(['remove', 'ravi@alfadiesel.test'])).toMatchObject({
      code: 0,
      stdout: 'Removed ravi@alfadiesel.test.\n',
    });
    expect(await operator(['remove', 'asha@alfadiesel.test'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('last operator'),
    });
    expect((await operator(['list'])).stdout).not.toContain('ravi@');
  });

  it('answers a command named like an inherited property (constructor, toString) as an unknown command', async () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      expect(await operator([name]), name).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run operator --') });
    }
  });

  it('adds with --role and --units, changes them with set, and keeps the last owner (issue 45)', async () => {
    expect(await operator(['add', 'lata@alfadiesel.test', '--role', 'accountant', '--units', 'gst'], 'lata password 1\n')).toMatchObject({
      code: 0,
      stdout: 'Added lata@alfadiesel.test (accountant, gst).\n',
    });
    expect(await operator(['add', 'x@alfadiesel.test', '--role', 'boss'], 'x password 12345\n')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('role must be one of owner, operator, accountant'),
    });
    expect(await operator(['add', 'x@alfadiesel.test', '--units', 'nowhere'], 'x password 12345\n')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('units must be'),
    });
    expect(await operator(['set', 'lata@alfadiesel.test', '--role', 'operator', '--units', 'all'])).toMatchObject({
      code: 0,
      stdout: 'Changed lata@alfadiesel.test: operator, all units.\n',
    });
    for (const args of [['set', 'asha@alfadiesel.test', '--role', 'accountant'], ['set', 'asha@alfadiesel.test', '--disable'], ['remove', 'asha@alfadiesel.test']]) {
      expect(await operator(args), args.join(' ')).toMatchObject({ code: 1, stderr: expect.stringContaining('is the last owner') });
    }
    expect((await operator(['list'])).stdout).toMatch(/^asha@alfadiesel\.test\towner\tall units\t\(added .+\)\nlata@alfadiesel\.test\toperator\tall units\t\(added /);
  });
});
