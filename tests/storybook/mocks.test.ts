import { describe, expect, it } from 'vitest';
import { createAppApi } from '../../src/app/api/app-api';
import { storyRegistry as registry } from '../../src/stories/support/story-registry';
import { setToken } from '../../src/app/auth/token-store';
import { leafRows, validateBill, valueWith } from '../../src/engine/core';
import { createMockBackend, MOCK_TOKEN, SIGN_IN_EXPIRED, type MockBackendOptions } from '../../src/stories/mocks/mock-backend';
import { UNREACHABLE_MESSAGE } from '../../src/app/api/error-message';
import { mockHttp } from '../../src/stories/mocks/mock-http';
import { sampleBill } from '../../src/stories/mocks/sample-bill';
import { samplePdfBytes } from '../../src/stories/mocks/sample-pdf';
import { pdfText, qpdfCheck } from '../pdf/pdf-tools';

describe('the stories mock the server with spec section 7 answers', () => {
  it.each(registry.billTypes.map((b) => [b.type, b] as const))('a sample %s bill passes every spec 5 check', (_type, billType) => {
    for (const lines of [1, 2, 300]) expect(validateBill(registry, billType, sampleBill(billType, { billno: 7, lines }))).toEqual({ ok: true });
  });

  it('sample tax lines carry an HSN code and a GST rate, as a designer expects to see them', () => {
    for (const billType of registry.billTypes.filter((b) => b.tax)) {
      for (const leaf of leafRows(billType, sampleBill(billType, { billno: 1 }))) {
        expect([valueWith(leaf, 'hsn'), valueWith(leaf, 'taxRate')]).toEqual(['8413', 18]);
      }
    }
  });

  it('the sample PDF is a sound PDF whose text reads back', () => {
    const pdf = Buffer.from(samplePdfBytes(['TAX INVOICE', 'Shree Ganesh Transport (Taloja)', 'Rs 1,999.99']));
    expect(() => qpdfCheck(pdf)).not.toThrow();
    expect(pdfText(pdf, 'flow')).toContain('Shree Ganesh Transport (Taloja)');
  });

  it('the app client, over the mock, lists, saves, loads, deletes and decodes error msgs as against the server', async () => {
    setToken(MOCK_TOKEN);
    const api = createAppApi(mockHttp(createMockBackend(registry, { billsPerType: 2 })));
    const billType = registry.billTypes[0];
    const query = { page: 1, pageSize: 25, search: '', sort: 'billno', order: 'desc' } as const;
    expect((await api.listBills(billType, query)).rows.map((row) => row.billno)).toEqual([2, 1]);
    expect(await api.services.nextBillNumber(billType)).toBe(3);

    const pdf = await api.services.submitBill(billType, 'create', sampleBill(billType, { billno: 3, clientname: 'Konkan Fisheries' }));
    expect(pdf.type).toBe('application/pdf');
    expect(await api.services.loadBill(billType, 3)).toMatchObject({ billno: 3, clientname: 'Konkan Fisheries' });
    await expect(api.services.submitBill(billType, 'create', sampleBill(billType, { billno: 3 }))).rejects.toThrow('Bill No. 3 already exists; bill numbers are never reused.');
    await expect(api.services.submitBill(billType, 'create', { clientname: '' })).rejects.toThrow(
      billType.root.byName[billType.root.checkOrder[0]].message!,
    );
    expect(await api.deleteBill(billType, 3)).toBe('Bill No. 3 deleted');
    expect(await api.services.loadBill(billType, 3)).toBeNull();
    expect(await api.services.nextBillNumber(billType)).toBe(4);
  });

  it('fails as a down server, a lost network and an expired sign-in do, with the texts the app shows for them', async () => {
    setToken(MOCK_TOKEN);
    const billType = registry.billTypes[0];
    const bill = sampleBill(billType, { billno: 9 });
    const failing = (options: MockBackendOptions) => createAppApi(mockHttp(createMockBackend(registry, options)));
    await expect(failing({ failSaves: 'server' }).services.submitBill(billType, 'create', bill)).rejects.toThrow('(HTTP 502)');
    await expect(failing({ failSaves: 'network' }).services.submitBill(billType, 'create', bill)).rejects.toThrow(UNREACHABLE_MESSAGE);
    const query = { page: 1, pageSize: 25, search: '', sort: 'billno', order: 'desc' } as const;
    await expect(failing({ failLists: 'network' }).listBills(billType, query)).rejects.toThrow(UNREACHABLE_MESSAGE);
    const expired = createMockBackend(registry, { expiredSignIn: true });
    expect(await expired('post', '/api/common/getbillno', { billtype: billType.type })).toEqual({ status: 401, json: { msg: SIGN_IN_EXPIRED } });
    expect((await expired('post', '/api/auth/login', {})).status).toBe(200);
  });

  it('the mocked clients answer as the server does: built from the bills, searched, checked, 409 on a taken name, deleted, with their bills', async () => {
    setToken(MOCK_TOKEN);
    const api = createAppApi(mockHttp(createMockBackend(registry, { billsPerType: 2 })));
    const taxInvoice = registry.byType('taxinvoice')!;
    const all = await api.clients.list({ search: '', offset: 0, limit: 25 });
    expect(all.clients.map((client) => client.clientname)).toEqual(['Dilli Cargo Movers', 'Shree Ganesh Transport']);
    const shree = (await api.clients.list({ search: 'GANESH', offset: 0, limit: 25 })).clients;
    expect(shree).toMatchObject([{ clientname: 'Shree Ganesh Transport', gstno: '27AAPFU0939F1ZV', billCount: registry.billTypes.length }]);
    expect((await api.clients.bills('shree ganesh transport')).map((bill) => bill.billtype).sort()).toEqual(registry.billTypes.map((b) => b.type).sort());

    await expect(api.clients.save({ clientname: 'Hemavati Pumps', clientaddress: 'Hassan', gstno: '29AAGCB7383J1Z5' })).rejects.toThrow(
      'Client GSTIN 29AAGCB7383J1Z5 is not valid: please check it.',
    );
    await expect(api.clients.save({ clientname: 'dilli cargo movers', clientaddress: 'Delhi' })).rejects.toThrow(
      'A client named "dilli cargo movers" already exists.',
    );
    expect(await api.clients.save({ _id: shree[0]._id, clientname: 'Shree Ganesh Transport', clientaddress: 'Panvel 410206' })).toBe(
      'Client "Shree Ganesh Transport" saved.',
    );
    await api.services.submitBill(taxInvoice, 'create', sampleBill(taxInvoice, { billno: 3, clientname: 'Konkan Fisheries' }));
    expect((await api.services.savedClients!()).map((client) => client.clientname)).toContain('Konkan Fisheries');
    expect(await api.clients.remove(shree[0]._id)).toBe('Client "Shree Ganesh Transport" deleted.');
    expect((await api.clients.list({ search: 'ganesh', offset: 0, limit: 25 })).total).toBe(0);
  });
});
