import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppApi } from '../../../src/app/api/app-api';
import { createHttp } from '../../../src/app/api/http-client';
import { setToken } from '../../../src/app/auth/token-store';
import { billType, registry } from './support';

interface Answer {
  status?: number;
  data: unknown;
}

/** The app's API over an adapter that answers by path and records every request. */
function apiAnswering(answers: Record<string, Answer>) {
  const requests: { url: string; body: unknown; config: InternalAxiosRequestConfig }[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const url = config.url ?? '';
    requests.push({ url, body: config.data ? JSON.parse(String(config.data)) : undefined, config });
    const answer = answers[url] ?? { status: 404, data: { msg: 'no such path' } };
    const response = { status: answer.status ?? 200, statusText: '', headers: {}, config, data: answer.data };
    if (response.status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  const http = createHttp(vi.fn());
  http.defaults.adapter = adapter;
  setToken('t');
  return { api: createAppApi(http), requests };
}

afterEach(() => localStorage.clear());

describe('BillServices over spec 7', () => {
  it('nextBillNumber is the last bill number + 1', async () => {
    const { api, requests } = apiAnswering({ '/api/common/getbillno': { data: { billno: { billno: 41 } } } });
    expect(await api.services.nextBillNumber(billType('taxinvoice'))).toBe(42);
    expect(requests[0].body).toEqual({ billtype: 'taxinvoice' });
  });

  it('reads a saved list into names and the fields they fill', async () => {
    const catalog = registry.catalogs.taxproduct;
    const { api, requests } = apiAnswering({
      [`/api/common/${catalog.get}`]: {
        data: { [catalog.listKey]: [{ _id: 'a1', [catalog.nameKey]: 'Nozzle', hsn: '8413', taxrate: 18 }] },
      },
    });
    expect(await api.services.catalogEntries(catalog)).toEqual([{ name: 'Nozzle', fills: { hsn: '8413', taxrate: 18 } }]);
    expect(requests[0].config.method).toBe('get');
  });

  it('saves an entry under the list name key with its fills', async () => {
    const catalog = registry.catalogs.taxservice;
    const { api, requests } = apiAnswering({ [`/api/common/${catalog.save}`]: { data: { msg: 'saved' } } });
    await api.services.saveCatalogEntry(catalog, { name: 'Calibration', fills: { hsn: '9987', taxrate: '18' } });
    expect(requests[0].body).toEqual({ [catalog.nameKey]: 'Calibration', hsn: '9987', taxrate: '18' });
  });

  it('submits a bill with method and type to its create path and answers the PDF', async () => {
    const invoice = billType('invoice');
    const pdf = new Blob(['%PDF-1.7']);
    const { api, requests } = apiAnswering({ [invoice.createPath]: { data: pdf } });
    const answer = await api.services.submitBill(invoice, 'update', { clientname: 'Acme', invoiceno: 3, product: [] });
    expect(answer).toBe(pdf);
    expect(requests[0].body).toEqual({ clientname: 'Acme', invoiceno: 3, product: [], method: 'update', type: 'invoice' });
    expect(requests[0].config.responseType).toBe('blob');
    expect(requests[0].config.headers.get('Accept')).toBe('application/pdf');
  });

  it('names the quotation a conversion comes from, so the server audits a convert', async () => {
    const [quotation, invoice] = [billType('quotation'), billType('invoice')];
    const { api, requests } = apiAnswering({ [invoice.createPath]: { data: new Blob(['%PDF-1.7']) } });
    await api.services.submitBill(invoice, 'create', { invoiceno: 8 }, { billType: quotation, billno: 3 });
    expect(requests[0].body).toEqual({ invoiceno: 8, method: 'create', type: 'invoice', convertfrom: { billtype: 'quotation', billno: 3 } });
  });

  it('rejects a failed save with the msg from the binary body', async () => {
    const invoice = billType('invoice');
    const { api } = apiAnswering({
      [invoice.createPath]: { status: 409, data: new Blob([JSON.stringify({ msg: 'Bill No. 3 already exists.' })]) },
    });
    await expect(api.services.submitBill(invoice, 'create', {})).rejects.toThrow('Bill No. 3 already exists.');
  });

  it('loads a stored bill without internal ids, and null when it is not found', async () => {
    const service = billType('service');
    const stored = {
      billno: 5,
      clientname: 'Acme',
      product: [{ _id: 'p1', srno: 1, productname: 'Pump', service: [{ _id: 's1', servicename: 'Overhaul' }] }],
    };
    const { api, requests } = apiAnswering({ [service.getPath]: { data: { bill: stored } } });
    expect(await api.services.loadBill(service, 5)).toEqual({
      billno: 5,
      clientname: 'Acme',
      product: [{ srno: 1, productname: 'Pump', service: [{ servicename: 'Overhaul' }] }],
    });
    expect(requests[0].body).toEqual({ billtype: 'service', billno: 5 });

    const missing = apiAnswering({ [service.getPath]: { status: 404, data: { msg: 'Bill No. 9 not found' } } });
    expect(await missing.api.services.loadBill(service, 9)).toBeNull();
  });
});

describe('list, view, delete, login calls', () => {
  it('asks for one page with sort and search, and drops an empty search', async () => {
    const { api, requests } = apiAnswering({
      '/api/common/getbill': { data: { bill: [{ billno: 2, date: '2024-01-02', clientname: 'B' }], total: 30 } },
    });
    const page = await api.listBills(billType('quotation'), { page: 2, pageSize: 25, search: ' acme ', sort: 'date', order: 'asc' });
    expect(page).toEqual({ rows: [{ billno: 2, date: '2024-01-02', clientname: 'B' }], total: 30 });
    expect(requests[0].body).toEqual({ billtype: 'quotation', offset: 25, limit: 25, search: 'acme', sort: 'date', order: 'asc' });
    await api.listBills(billType('quotation'), { page: 1, pageSize: 25, search: '  ', sort: 'billno', order: 'desc' });
    expect(requests[1].body).not.toHaveProperty('search');
  });

  it('asks the server for one page, sorted and searched by list column keys, and answers its rows and total', async () => {
    const bill = [{ billno: 3, date: '2024-01-02', clientname: 'Acme Diesel' }];
    const { api, requests } = apiAnswering({ '/api/common/getbill': { data: { bill, total: 41 } } });
    const page = await api.listBills(billType('invoice'), { page: 3, pageSize: 20, search: ' acme ', sort: 'clientname', order: 'asc' });
    expect(page).toEqual({ total: 41, rows: bill });
    expect(requests[0].body).toEqual({ billtype: 'invoice', sort: 'clientname', order: 'asc', offset: 40, limit: 20, search: 'acme' });
  });

  it('deletes and answers the msg; shows a PDF as binary', async () => {
    const pdf = new Blob(['%PDF']);
    const { api, requests } = apiAnswering({
      '/api/common/deletebill': { data: { msg: 'Bill No. 4 deleted' } },
      '/api/common/showpdf': { data: pdf },
    });
    expect(await api.deleteBill(billType('taxservice'), 4)).toBe('Bill No. 4 deleted');
    expect(requests[0].body).toEqual({ billtype: 'taxservice', billno: 4 });
    expect(await api.showPdf(billType('taxservice'), 4)).toBe(pdf);
    expect(requests[1].config.responseType).toBe('blob');
  });

  it('signs in without a token and answers the authToken', async () => {
    const { api, requests } = apiAnswering({ '/api/auth/login': { data: { authToken: 'jwt' } } });
    expect(await api.login('op@example.com', 'secret')).toBe('jwt');
    expect(requests[0].body).toEqual({ email: 'op@example.com', password: 'secret' });
    expect(requests[0].config.headers.has('Authorization')).toBe(false);
  });
});
