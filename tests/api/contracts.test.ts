import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { buildApiServer } from '../../src/server/api-server';
import { openStorage } from '../../src/server/storage';
import { describeEachDatabase } from './databases';
import { operatorInProcess } from './operator-cli-in-process';
import { AUTH_SECRET, jsonOf, OPERATOR, useApi, type Api, type Body } from './harness';

const HOSPITAL = 'Sahyadri Hospital';

/** ₹18,000 + GST a quarter: one service of one product (tax service bill lines). */
const amcLines = [
  {
    srno: 1,
    productname: '500 kVA DG set',
    service: [{ servicename: 'Quarterly AMC service', servicedesc: 'Filters, oil, load test', rate: '18000', amount: '18000', hsn: '998714', taxrate: '18' }],
  },
];

const quarterly = (extra: Body = {}): Body => ({ clientname: HOSPITAL, startdate: '2026-01-01', cycles: 4, frequency: 'quarterly', product: amcLines, ...extra });

async function ok(api: Api, path: string, body: Body = {}): Promise<any> {
  const response = await api.post(path, body);
  expect(response.statusCode, response.body).toBe(200);
  return jsonOf(response);
}

async function refused(api: Api, path: string, body: unknown): Promise<{ status: number; msg: string }> {
  const response = await api.post(path, body);
  return { status: response.statusCode, msg: jsonOf(response).msg };
}

const contractOf = async (api: Api, id: string) => (await ok(api, '/api/gst/getcontract', { _id: id })).contract;

/** Every tax service bill, oldest first: printed number and date. */
async function serviceBills(api: Api): Promise<{ printedNo: string; date: string }[]> {
  const { rows } = await api.storage.bills.list('gst', 'taxservice', { sort: 'billDate', order: 'asc' });
  return rows.map((row) => ({ printedNo: row.printedNo, date: row.billDate }));
}

/** Each day from `from` to `to`, both included (ISO days). */
function days(from: string, to: string): string[] {
  const list: string[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); day.toISOString().slice(0, 10) <= to; day.setUTCDate(day.getUTCDate() + 1)) list.push(day.toISOString().slice(0, 10));
  return list;
}

describeEachDatabase('service contracts (issue 47)', (database) => {
  const api = useApi(database, undefined, { contractRunEveryMs: 0 });

  beforeAll(async () => {
    await ok(api, '/api/common/saveclient', { clientname: HOSPITAL, clientaddress: 'Karve Road, Pune', gstno: '27AAPFU0939F1ZV' });
    // Numbers restart each financial year, so an invoice's year shows in its number.
    await ok(api, '/api/gst/saveprofile', { series: { taxservice: 'S/{fy}/{n}' } });
  });

  it('a quarterly contract of 4 cycles run day by day through 2026 raises exactly 4 invoices, in their years\' series, then completes', async () => {
    const { _id } = await ok(api, '/api/gst/savecontract', quarterly());
    const listed = (await ok(api, '/api/gst/getcontracts')).contracts.find((c: Body) => c._id === _id);
    // 18,000 + 9 % CGST + 9 % SGST = 21,240 per cycle.
    expect(listed).toMatchObject({ clientname: HOSPITAL, billtype: 'taxservice', status: 'active', cycles: 4, raised: 0, nextdue: '2026-01-01', amount: 21240, lastday: '2026-12-31' });

    for (const asof of days('2026-01-01', '2026-12-31')) await ok(api, '/api/gst/runcontracts', { asof });

    expect(await serviceBills(api)).toEqual([
      { printedNo: 'S/25-26/1', date: '2026-01-01' },
      { printedNo: 'S/26-27/1', date: '2026-04-01' },
      { printedNo: 'S/26-27/2', date: '2026-07-01' },
      { printedNo: 'S/26-27/3', date: '2026-10-01' },
    ]);
    const contract = await contractOf(api, _id);
    expect(contract).toMatchObject({ status: 'completed', raised: 4, nextdue: null });
    expect(contract.cyclelist.map((c: Body) => [c.cycle, c.due, c.status, (c.bill as Body).printedno, (c.bill as Body).total, (c.bill as Body).status])).toEqual([
      [1, '2026-01-01', 'raised', 'S/25-26/1', 21240, expect.any(String)],
      [2, '2026-04-01', 'raised', 'S/26-27/1', 21240, expect.any(String)],
      [3, '2026-07-01', 'raised', 'S/26-27/2', 21240, expect.any(String)],
      [4, '2026-10-01', 'raised', 'S/26-27/3', 21240, expect.any(String)],
    ]);
    // The invoice is a bill like one typed on screen: the saved client's address and GSTIN, audited as raised by the contract.
    const bill = jsonOf(await api.post('/api/gst/getbill', { billtype: 'taxservice', billno: 1, fy: '2025-26' })).bill;
    expect(bill).toMatchObject({ clientname: HOSPITAL, clientaddress: 'Karve Road, Pune', gstno: '27AAPFU0939F1ZV', date: '2026-01-01' });
    const audit = await api.storage.database.db.selectFrom('audit_log').select(['operator', 'action']).where('type', '=', 'taxservice').where('billno', '>', 0).execute();
    expect(audit).toEqual(Array(4).fill({ operator: `contract:${_id}`, action: 'create' }));
    expect(await refused(api, '/api/gst/deletecontract', { _id })).toEqual({ status: 400, msg: 'This contract has raised invoices: it cannot be deleted. End it instead.' });
  });

  it('a run that fails inside a raise (its bill row written, its cycle row refused) keeps neither; run again, no duplicate', async () => {
    const { _id } = await ok(api, '/api/gst/savecontract', quarterly({ startdate: '2027-01-01', frequency: 'monthly', cycles: 3 }));
    const db = api.storage.database.db;
    const billsOf2027 = async () => (await serviceBills(api)).filter((bill) => bill.date.startsWith('2027'));
    // The database refuses cycle 2's row: a failure after its bill was inserted, in the same transaction.
    const failCycleTwo =
      database.name === 'SQLite'
        ? [sql`create trigger fail_cycle_two before insert on contract_cycles when new.cycle_no = 2 begin select raise(abort, 'killed mid-way'); end`]
        : [
            sql`create function fail_cycle_two() returns trigger language plpgsql as $$ begin if new.cycle_no = 2 then raise exception 'killed mid-way'; end if; return new; end $$`,
            sql`create trigger fail_cycle_two before insert on contract_cycles for each row execute function fail_cycle_two()`,
          ];
    for (const statement of failCycleTwo) await statement.execute(db);
    const failed = await ok(api, '/api/gst/runcontracts', { asof: '2027-03-31' });
    expect(failed.raised.map((r: Body) => r.date)).toEqual(['2027-01-01']);
    expect(failed.refused).toEqual([{ contract: Number(_id), cycle: 2, msg: expect.stringContaining('killed mid-way') }]);
    expect((await billsOf2027()).map((bill) => bill.date)).toEqual(['2027-01-01']);

    await sql`drop trigger fail_cycle_two${sql.raw(database.name === 'SQLite' ? '' : ' on contract_cycles')}`.execute(db);
    const again = await ok(api, '/api/gst/runcontracts', { asof: '2027-03-31' });
    expect(again.raised.map((r: Body) => r.date)).toEqual(['2027-02-01', '2027-03-01']);
    expect((await ok(api, '/api/gst/runcontracts', { asof: '2027-03-31' })).raised).toEqual([]);
    expect((await billsOf2027()).map((bill) => bill.date)).toEqual(['2027-01-01', '2027-02-01', '2027-03-01']);
    const cycles = await db.selectFrom('contract_cycles').select(['cycle_no']).where('contract_id', '=', Number(_id)).execute();
    expect(cycles.map((c) => Number(c.cycle_no)).sort()).toEqual([1, 2, 3]);
    expect((await contractOf(api, _id)).status).toBe('completed');
  });

  it('pausing stops raising; resuming skips the paused cycles unless backbill', async () => {
    const monthly = (startdate: string) => quarterly({ startdate, frequency: 'monthly', cycles: 6 });
    for (const backbill of [false, true]) {
      const start = backbill ? '2028-01-01' : '2028-07-01';
      const { _id } = await ok(api, '/api/gst/savecontract', monthly(start));
      const month = (n: number) => `${start.slice(0, 5)}${String(Number(start.slice(5, 7)) + n).padStart(2, '0')}-01`;
      await ok(api, '/api/gst/runcontracts', { asof: month(0) });
      await ok(api, '/api/gst/pausecontract', { _id });
      expect(await refused(api, '/api/gst/pausecontract', { _id })).toEqual({ status: 400, msg: 'The contract is paused: only an active contract is paused.' });
      expect((await ok(api, '/api/gst/runcontracts', { asof: month(2) })).raised).toEqual([]);
      // Resumed on the 15th of the third month: the invoices of the second and third month fell due while paused.
      const resumedOn = `${month(2).slice(0, 8)}15`;
      await ok(api, '/api/gst/resumecontract', { _id, backbill, asof: resumedOn });
      const run = await ok(api, '/api/gst/runcontracts', { asof: resumedOn });
      const contract = await contractOf(api, _id);
      if (backbill) {
        expect(run.raised.map((r: Body) => r.date)).toEqual([month(1), month(2)]);
        expect(contract.cyclelist.slice(0, 3).map((c: Body) => c.status)).toEqual(['raised', 'raised', 'raised']);
      } else {
        expect(run.raised).toEqual([]);
        expect(contract.cyclelist.slice(0, 4).map((c: Body) => c.status)).toEqual(['raised', 'skipped', 'skipped', 'upcoming']);
        expect((await ok(api, '/api/gst/runcontracts', { asof: month(3) })).raised.map((r: Body) => r.date)).toEqual([month(3)]);
        expect(await refused(api, '/api/gst/savecontract', { ...monthly(start), _id, cycles: 3 })).toEqual({
          status: 400,
          msg: 'Cycle 4 of this contract is invoiced already: the contract cannot end before it.',
        });
        expect(await refused(api, '/api/gst/savecontract', { ...monthly(start), _id, frequency: 'quarterly' })).toEqual({
          status: 400,
          msg: 'This contract has raised invoices: its client, bill type, start and frequency stay as they are.',
        });
        await ok(api, '/api/gst/savecontract', { ...monthly(start), _id, notes: 'Renewed terms agreed by phone' });
      }
      await ok(api, '/api/gst/endcontract', { _id });
      expect((await ok(api, '/api/gst/runcontracts', { asof: month(5) })).raised).toEqual([]);
      expect((await contractOf(api, _id)).status).toBe('ended');
      expect(await refused(api, '/api/gst/resumecontract', { _id })).toEqual({ status: 400, msg: 'The contract is ended: only a paused contract is resumed.' });
    }
  });

  it('a due date in a filed period is held as a draft and the contract flagged; Raise now issues it dated today', async () => {
    const { _id } = await ok(api, '/api/gst/savecontract', quarterly({ startdate: '2029-01-01', frequency: 'yearly', cycles: 2 }));
    await ok(api, '/api/gst/lockperiod', { upto: '2029-01-31' });
    const run = await ok(api, '/api/gst/runcontracts', { asof: '2029-02-10' });
    expect(run).toMatchObject({ raised: [], held: [{ contract: Number(_id), cycle: 1 }] });
    const held = await contractOf(api, _id);
    expect(held).toMatchObject({ status: 'active', drafts: 1, raised: 0 });
    expect(held.flag).toBe('The invoice of cycle 1 is due on 2029-01-01, in a filed period (GSTR-1 filed up to 2029-01-31): it is held as a draft.');
    expect((await ok(api, '/api/gst/runcontracts', { asof: '2029-02-11' })).held).toEqual([]);
    const issued = await ok(api, '/api/gst/raisecontract', { _id, asof: '2029-02-11' });
    expect(issued.bill).toMatchObject({ date: '2029-02-11', billtype: 'taxservice' });
    expect(await contractOf(api, _id)).toMatchObject({ flag: null, cyclelist: [{ status: 'raised', bill: { date: '2029-02-11' } }, { status: 'upcoming' }] });
    await ok(api, '/api/gst/endcontract', { _id });
  });

  it('a contract of drafts keeps each invoice to approve; Raise now issues it on its due day', async () => {
    const { _id } = await ok(api, '/api/gst/savecontract', quarterly({ startdate: '2030-01-01', frequency: 'yearly', cycles: 1, approval: 'drafts' }));
    expect(await ok(api, '/api/gst/runcontracts', { asof: '2030-01-05' })).toMatchObject({ raised: [], drafts: [{ contract: Number(_id), cycle: 1 }] });
    expect((await contractOf(api, _id)).cyclelist[0].status).toBe('draft');
    const issued = await ok(api, '/api/gst/raisecontract', { _id, asof: '2030-01-05' });
    expect(issued.bill.date).toBe('2030-01-01');
    expect((await contractOf(api, _id)).status).toBe('completed');
  });

  it('refuses bad input with a message that names the cause, and stores nothing', async () => {
    const before = (await ok(api, '/api/gst/getcontracts')).contracts.length;
    const save = (body: unknown) => refused(api, '/api/gst/savecontract', body);
    expect(await save(quarterly({ clientname: '' }))).toEqual({ status: 400, msg: 'Please provide the client of the contract.' });
    expect(await save(quarterly({ clientname: 'Nobody Ltd' }))).toEqual({ status: 400, msg: 'There is no saved client named "Nobody Ltd".' });
    expect(await save(quarterly({ billtype: 'taxquotation' }))).toEqual({ status: 400, msg: 'A contract raises a sales bill of this unit: taxinvoice, taxservice, b2cinvoice, b2cservice.' });
    expect(await save(quarterly({ startdate: '2026-02-30' }))).toEqual({ status: 400, msg: 'Please provide the contract\'s start date (YYYY-MM-DD).' });
    expect(await save(quarterly({ enddate: '2026-12-31' }))).toEqual({ status: 400, msg: 'Please give the contract an end date or a number of cycles (1 to 120), not both.' });
    expect(await save(quarterly({ cycles: 0 }))).toEqual({ status: 400, msg: 'Please give the contract an end date or a number of cycles (1 to 120), not both.' });
    expect(await save(quarterly({ frequency: 'weekly' }))).toEqual({ status: 400, msg: 'Please choose how often the contract bills: monthly, quarterly, halfyearly, yearly, days.' });
    expect(await save(quarterly({ frequency: 'days' }))).toEqual({ status: 400, msg: 'Please give the number of days between invoices (1 to 366).' });
    expect(await save(quarterly({ dueday: 85 }))).toEqual({ status: 400, msg: 'The due day is the day of each cycle the invoice is raised on: 1 to 84.' });
    expect(await save(quarterly({ approval: 'later' }))).toEqual({ status: 400, msg: 'approval must be "direct" or "drafts".' });
    expect(await save(quarterly({ product: [{ ...amcLines[0], productname: '' }] }))).toEqual({ status: 400, msg: 'The invoice of each cycle: Please provide your product name at srno 1.' });
    expect(await save(quarterly({ visits: [{ date: '2025-12-01', engineer: 'Ravi' }] }))).toEqual({ status: 400, msg: 'Visit 1 needs a date (YYYY-MM-DD) within the contract and a cycle it belongs to.' });
    expect(await save([1, 2])).toMatchObject({ status: 400 });
    expect(await refused(api, '/api/gst/getcontract', { _id: 'x' })).toEqual({ status: 400, msg: 'Please provide the _id of a saved contract.' });
    expect(await refused(api, '/api/gst/getcontract', { _id: '999999' })).toEqual({ status: 404, msg: 'Contract not found.' });
    expect(await refused(api, '/api/gst/getcontract', { _id: '99999999999' })).toEqual({ status: 400, msg: 'Please provide the _id of a saved contract.' });
    expect(await refused(api, '/api/gst/pausecontract', {})).toEqual({ status: 400, msg: 'Please provide the _id of a saved contract.' });
    expect(await refused(api, '/api/gst/raisecontract', { _id: '999999' })).toEqual({ status: 404, msg: 'Contract not found.' });
    expect(await refused(api, '/api/gst/runcontracts', { asof: '1 Jan' })).toEqual({ status: 400, msg: 'asof must be a date written YYYY-MM-DD.' });
    expect((await ok(api, '/api/gst/getcontracts')).contracts.length).toBe(before);
  });

  it('a contract that raised nothing is deleted; visits are kept by cycle', async () => {
    const { _id } = await ok(api, '/api/gst/savecontract', quarterly({ startdate: '2031-01-01', visits: [{ date: '2031-04-10', engineer: 'Ravi', done: true, notes: 'Load test' }] }));
    expect((await contractOf(api, _id)).visits).toEqual([{ date: '2031-04-10', cycle: 2, engineer: 'Ravi', done: true, notes: 'Load test' }]);
    await ok(api, '/api/gst/deletecontract', { _id });
    expect(await refused(api, '/api/gst/getcontract', { _id })).toEqual({ status: 404, msg: 'Contract not found.' });
  });

  it('the operator CLI runs the scheduler as of a day, as runcontracts does', async () => {
    const { _id } = await ok(api, '/api/gst/savecontract', quarterly({ startdate: '2033-01-01', frequency: 'halfyearly', cycles: 2 }));
    const run = await operatorInProcess(['contracts', 'run', '--asof', '2033-07-01', '--unit', 'gst'], api.databaseOptions);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`contract ${_id} cycle 1: raised `);
    expect(run.stdout).toContain(`contract ${_id} cycle 2: raised `);
    expect(run.stdout).toContain(`contract ${_id}: completed`);
    expect((await operatorInProcess(['contracts', 'run', '--asof', '1 July'], api.databaseOptions)).code).toBe(1);
    expect((await contractOf(api, _id)).status).toBe('completed');
  });

  if (database.name === 'PostgreSQL') {
    it('two servers on one database running at the same moment raise each invoice once', async () => {
      const { _id } = await ok(api, '/api/gst/savecontract', quarterly({ startdate: '2032-01-01', frequency: 'monthly', cycles: 12 }));
      const storage = await openStorage({ ...api.databaseOptions, registry: api.registry });
      const second = await buildApiServer({ registry: api.registry, storage, authSecret: AUTH_SECRET, contractRunEveryMs: 0 });
      try {
        const login = await second.inject({ method: 'POST', url: '/api/auth/login', payload: OPERATOR });
        const token = login.json().authToken;
        const runs = await Promise.all([
          api.post('/api/gst/runcontracts', { asof: '2032-12-31' }),
          second.inject({ method: 'POST', url: '/api/gst/runcontracts', headers: { authorization: `Bearer ${token}` }, payload: { asof: '2032-12-31' } }),
          api.post('/api/gst/runcontracts', { asof: '2032-12-31' }),
        ]);
        for (const run of runs) expect(run.statusCode, run.body).toBe(200);
        const raised = runs.flatMap((run) => jsonOf(run).raised);
        expect(raised).toHaveLength(12);
        expect(new Set(raised.map((r: Body) => r.cycle)).size).toBe(12);
        const bills = (await serviceBills(api)).filter((bill) => bill.date.startsWith('2032'));
        expect(bills).toHaveLength(12);
        expect((await contractOf(api, _id)).status).toBe('completed');
      } finally {
        await second.close();
        await storage.close();
      }
    });
  }
});
