import { userInfo } from 'node:os';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { jsonOf, OPERATOR, useApi, type Api } from './harness';
import { operatorInProcess } from './operator-cli-in-process';

interface AuditRow {
  at: string;
  operator: string;
  action: string;
  before: any;
  after: any;
}

async function auditOf(api: Api, type: string, billno: number): Promise<AuditRow[]> {
  const rows = await api.storage.database.db
    .selectFrom('audit_log')
    .select(['at', 'operator', 'action', 'before', 'after'])
    .where('type', '=', type)
    .where('billno', '=', billno)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    before: row.before && JSON.parse(row.before),
    after: row.after && JSON.parse(row.after),
  }));
}

/** The operator CLI in this process, on the test's database; its printed lines are returned, without the last newline. */
async function operatorCli(api: Api, args: string[]) {
  const { code, stdout, stderr } = await operatorInProcess(args, api.databaseOptions);
  return { code, stdout: stdout.trimEnd(), stderr: stderr.trimEnd() };
}

const isoTime = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describeEachDatabase('audit log and trash', (database) => {
  const api = useApi(database);
  const type = (name: string) => api.registry.byType(name)!;

  it('records create, update, convert and delete with operator, time, before and after', async () => {
    const quotation = type('quotation');
    const started = new Date().toISOString();
    await api.save(quotation, 1, { clientname: 'First name' });
    await api.save(quotation, 1, { clientname: 'Second name' }, 'update');
    const target = type(quotation.convertsTo!);
    const { billno: _billno, ...fields } = jsonOf(
      await api.post(quotation.getPath, { billtype: 'quotation', billno: 1 }),
    ).bill;
    const converted = await api.post(target.createPath, {
      ...fields,
      method: 'create',
      type: target.type,
      invoiceno: 8,
      convertfrom: { billtype: 'quotation', billno: 1 },
    });
    expect(converted.statusCode).toBe(200);
    expect((await api.post('/api/common/deletebill', { billtype: 'quotation', billno: 1 })).statusCode).toBe(200);

    const trail = await auditOf(api, 'quotation', 1);
    expect(trail.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
    for (const row of [...trail, ...(await auditOf(api, target.type, 8))]) {
      expect(row).toMatchObject({ operator: OPERATOR.email, at: isoTime });
      expect(row.at >= started).toBe(true);
    }
    const [create, update, remove] = trail;
    expect(create.before).toBeNull();
    expect(create.after).toMatchObject({ type: 'quotation', billno: 1, header: { clientname: 'First name' } });
    expect(update.before).toEqual(create.after);
    expect(update.after).toMatchObject({ header: { clientname: 'Second name' } });
    expect(remove.before).toEqual(update.after);
    expect(remove.after).toBeNull();

    const [convert] = await auditOf(api, target.type, 8);
    expect(convert.action).toBe('convert');
    expect(convert.before).toEqual(update.after);
    expect(convert.after).toMatchObject({ type: target.type, billno: 8, header: { clientname: 'Second name' } });
  });

  it('lists deleted bills and restores one with the operator CLI; the restore is audited', async () => {
    const service = type('service');
    await api.save(service, 3, { clientname: 'Kept client' });
    await api.save(service, 4, { clientname: 'Deleted client' });
    await api.post('/api/common/deletebill', { billtype: 'service', billno: 4 });

    const all = await operatorCli(api, ['trash', 'list']);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(
      /^billtype\tbillno\tfy\tdate\tclient\tdeleted\nservice\t4\t2026-27\t2026-11-21\tDeleted client\tdeleted \S+ by operator@alfadiesel\.test\nquotation\t1\t/,
    );
    const services = await operatorCli(api, ['trash', 'list', 'service']);
    expect(services.stdout.split('\n')).toHaveLength(2);
    expect(await operatorCli(api, ['trash', 'list', 'taxservice'])).toMatchObject({
      code: 0,
      stdout: 'The trash is empty.',
    });

    const restored = await operatorCli(api, ['trash', 'restore', 'service', '4']);
    expect(restored).toMatchObject({ code: 0, stdout: 'Restored Service Bill No. 4.' });
    expect(jsonOf(await api.post(service.getPath, { billtype: 'service', billno: 4 })).bill.clientname).toBe(
      'Deleted client',
    );
    expect(
      jsonOf(await api.post('/api/common/getbill', { billtype: 'service' })).bill.map((r: any) => r.billno),
    ).toEqual([4, 3]);
    expect((await operatorCli(api, ['trash', 'list', 'service'])).stdout).toBe('The trash is empty.');

    const trail = await auditOf(api, 'service', 4);
    expect(trail.map((row) => row.action)).toEqual(['create', 'delete', 'restore']);
    expect(trail[2]).toMatchObject({ operator: `cli:${userInfo().username}`, at: isoTime, before: null });
    expect(trail[2].after).toEqual(trail[1].before);
  });

  it('refuses to restore a live, missing or mistyped bill', async () => {
    expect(await operatorCli(api, ['trash', 'restore', 'service', '3'])).toMatchObject({
      code: 1,
      stderr: 'Service Bill No. 3 is not deleted.',
    });
    expect(await operatorCli(api, ['trash', 'restore', 'service', '99'])).toMatchObject({
      code: 1,
      stderr: 'There is no Service Bill No. 99.',
    });
    const unknown = await operatorCli(api, ['trash', 'restore', 'receipt', '1']);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Unknown bill type "receipt"; one of: '),
    });
    expect((await operatorCli(api, ['trash', 'restore', 'service', 'x'])).code).toBe(1);
    expect((await operatorCli(api, ['trash', 'empty'])).code).toBe(1);
  });
});
