import { expect, it } from 'vitest';
import { createRegistry } from '../../src/engine/core';
import { ajvCompiler } from '../../src/engine/core/ajv-compile';
import { readSchemaFiles } from '../../src/server/schema-files';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api } from './harness';

type Json = any;

/** The schemas with a maintainer's advance receipt (x-bill.kind receipt, as tests/api/document-kinds.test.ts adds it). */
function registryWithReceipt() {
  const files = readSchemaFiles();
  const receipt: Json = structuredClone(files['bills/taxinvoice.json']);
  Object.assign(receipt['x-bill'], { type: 'advancereceipt', route: 'advancereceipt', menuLabel: 'Advance Receipt', menuOrder: 9, series: 'RV/{n}', kind: 'receipt' });
  delete receipt['x-bill'].unregisteredAs;
  receipt['x-bill'].pdf = { title: 'RECEIPT VOUCHER', documentName: 'Receipt Voucher' };
  receipt.title = 'AdvanceReceiptBill';
  return createRegistry({ ...files, 'bills/advancereceipt.json': receipt }, ajvCompiler());
}

const BUYER = { clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208', gstno: '27AAPFU0939F1ZV' };
const pump = (qty: string, amount: string) => [{ srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty, rate: '2500', per: 'no', amount }];
const FILED = 'GSTR-1 is filed up to October 2026: a bill dated on or before 31-10-2026 cannot be created, changed or deleted.';

/** A credit or debit note's body: `against` on a create, the stored link on an update. */
function note(type: 'creditnote' | 'debitnote', billno: number, date: string, method: 'create' | 'update' = 'create', against = 5) {
  return {
    method, type, invoiceno: billno, date, reason: type === 'creditnote' ? 'Sales Return' : 'Others',
    clientname: BUYER.clientname, clientaddress: '', gstno: '', placeofsupply: '27', against: { billtype: 'taxinvoice', billno: against }, product: pump('1', '2500.00'),
  };
}

/**
 * Issue 42 item 2. Tax Invoice No. 5 (20-10-2026), with Credit Note CN/1 (25-10), Debit Note DN/1 (26-10), Advance
 * Receipt RV/1 (27-10) and Credit Note CN/2 (28-10, deleted before the filing); October's GSTR-1 is then marked
 * filed. Every change to a note or receipt dated in October is refused 409 like a sales bill's, and October's GSTR-1
 * reads the same after them all; a note dated in November may still correct the October bill.
 */
describeEachDatabase('a filed month holds its notes and receipts (issue 42)', (database) => {
  const api = useApi(database, registryWithReceipt());
  const createNote = (body: Json) => api.post('/api/gst/createtaxbill', body);
  const receipt = (billno: number, date: string, method: 'create' | 'update' = 'create') =>
    api.save(api.registry.byType('advancereceipt')!, billno, { ...BUYER, date, product: pump('1', '2500.00') }, method);
  const october = async (a: Api) => jsonOf(await a.post('/api/gst/gstr1', { fp: '102026' }));
  const stored = () => api.storage.database.db.selectFrom('bills').select(['type', 'billno', 'bill_date', 'header', 'deleted_at']).orderBy('id').execute();

  it('refuses to create, edit, delete, restore or move into October a note or a receipt (409), and October\'s GSTR-1 stays as filed', async () => {
    expect((await api.save(api.registry.byType('taxinvoice')!, 5, { ...BUYER, date: '2026-10-20', product: pump('4', '10000.00') })).statusCode).toBe(200);
    for (const answer of [
      await createNote(note('creditnote', 1, '2026-10-25')),
      await createNote(note('debitnote', 1, '2026-10-26')),
      await receipt(1, '2026-10-27'),
      await createNote(note('creditnote', 2, '2026-10-28')),
      await api.post('/api/common/deletebill', { billtype: 'creditnote', billno: 2 }),
    ]) expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const filed = await october(api);
    expect(filed.cdnr[0].nt.map((n: Json) => n.nt_num).sort()).toEqual(['CN/1', 'DN/1']);
    expect((await api.post('/api/gst/lockperiod', { upto: '2026-10-31' })).statusCode).toBe(200);
    const before = await stored();

    const refusals = {
      'a credit note dated in October': await createNote(note('creditnote', 3, '2026-10-30')),
      'a debit note dated in October': await createNote(note('debitnote', 2, '2026-10-31')),
      'a receipt dated in October': await receipt(2, '2026-10-29'),
      'an edit of CN/1': await createNote({ ...note('creditnote', 1, '2026-10-25', 'update'), reason: 'Deficiency in Services' }),
      'CN/1 moved out to November': await createNote(note('creditnote', 1, '2026-11-02', 'update')),
      'an edit of DN/1': await createNote({ ...note('debitnote', 1, '2026-10-26', 'update'), product: pump('2', '5000.00') }),
      'an edit of RV/1': await receipt(1, '2026-10-27', 'update'),
      'deleting (cancelling) CN/1': await api.post('/api/common/deletebill', { billtype: 'creditnote', billno: 1 }),
      'deleting DN/1': await api.post('/api/common/deletebill', { billtype: 'debitnote', billno: 1 }),
      'deleting RV/1': await api.post('/api/common/deletebill', { billtype: 'advancereceipt', billno: 1 }),
      'restoring CN/2': await api.post('/api/common/restorebill', { billtype: 'creditnote', billno: 2 }),
    };
    for (const [what, answer] of Object.entries(refusals)) {
      expect([what, answer.statusCode, jsonOf(answer)]).toEqual([what, 409, { msg: FILED }]);
    }
    expect(await stored()).toEqual(before);
    expect(await october(api)).toEqual(filed);

    // Only a document's own date counts: a November note may correct the October bill, and a November note or
    // receipt may not be moved into October.
    expect((await createNote(note('creditnote', 3, '2026-11-10'))).statusCode).toBe(200);
    expect((await receipt(2, '2026-11-11')).statusCode).toBe(200);
    for (const moved of [await createNote(note('creditnote', 3, '2026-10-31', 'update')), await receipt(2, '2026-10-31', 'update')]) {
      expect([moved.statusCode, jsonOf(moved)]).toEqual([409, { msg: FILED }]);
    }
    expect(await october(api)).toEqual(filed);
    const november = await stored();
    expect(november.filter((row) => row.bill_date.startsWith('2026-11')).map((row) => [row.type, Number(row.billno)])).toEqual([
      ['creditnote', 3],
      ['advancereceipt', 2],
    ]);
  });
});
