import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords';
import { openStorage } from '../../src/server/storage';
import { describeEachDatabase, type ScratchDatabase } from './databases';
import { runScript } from './processes';

const CLI = 'src/server/cli/operator.ts';

describeEachDatabase('operator CLI (npm run operator)', (database) => {
  let scratch: ScratchDatabase;
  let env: NodeJS.ProcessEnv;
  const operator = (args: string[], input = '') => runScript(CLI, args, env, input);

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
    expect(await operator(['add', 'Asha@AlfaDiesel.test'], 'first password\n')).toMatchObject({
      code: 0,
      stdout: 'Added asha@alfadiesel.test.\n',
    });
    expect((await operator(['add', 'ravi@alfadiesel.test'], 'ravi password\n')).code).toBe(0);
    expect(await passwordOk('asha@alfadiesel.test', 'first password')).toBe(true);

    const list = await operator(['list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^asha@alfadiesel\.test\t\(added .+\)\nravi@alfadiesel\.test\t/);
  });

  it('refuses a duplicate, a short password and a missing e-mail', async () => {
    expect(await operator(['add', 'asha@alfadiesel.test'], 'another password\n')).toMatchObject({
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
    expect(await operator(['promote', 'asha@alfadiesel.test'])).toMatchObject({ code: 2 });
  });

  it.each([
    ['11 characters', 'eleven char', 'The password must be 12 to 1,024 characters long.'],
    ['2,000 characters (sign-in reads 1,024)', 'p'.repeat(2_000), 'The password must be 12 to 1,024 characters long.'],
    ['a control character', 'password\u0007with bell', 'The password must not contain control characters'],
    ['a tab', 'password\twith tab', 'The password must not contain control characters'],
    ['only spaces', ' '.repeat(16), 'The password must not be only spaces.'],
  ])('refuses a new password of %s, at add and at passwd', async (_, password, message) => {
    for (const args of [
      ['add', 'new@alfadiesel.test'],
      ['passwd', 'asha@alfadiesel.test'],
    ]) {
      expect(await operator(args, `${password}\n`)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining(message),
      });
    }
    expect(await passwordOk('new@alfadiesel.test', password)).toBe(false);
    expect(await passwordOk('asha@alfadiesel.test', 'first password')).toBe(true);
  });

  it('takes passwords of exactly 12 and 1,024 characters, spaces inside allowed', async () => {
    expect((await operator(['passwd', 'asha@alfadiesel.test'], `${'x'.repeat(1_024)}\n`)).code).toBe(0);
    expect(await passwordOk('asha@alfadiesel.test', 'x'.repeat(1_024))).toBe(true);
    expect((await operator(['passwd', 'asha@alfadiesel.test'], ' twelve char\n')).code).toBe(0);
    expect(await passwordOk('asha@alfadiesel.test', ' twelve char')).toBe(true);
  });

  it('changes a password', async () => {
    expect(await operator(['passwd', 'asha@alfadiesel.test'], 'second password\n')).toMatchObject({ code: 0 });
    expect(await passwordOk('asha@alfadiesel.test', 'second password')).toBe(true);
    expect(await passwordOk('asha@alfadiesel.test', ' twelve char')).toBe(false);
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
});
