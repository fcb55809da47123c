import { expect, it } from 'vitest';
import { gstProfile } from '../fixtures/profile';
import { pdfText, squash } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api } from './harness';

const BUYER = { clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208', gstno: '27AAPFU0939F1ZV' };
const KARNATAKA_BUYER = { clientname: 'Kaveri Earthmovers', clientaddress: 'No. 4, APMC Yard, Hubballi, Karnataka 580025', gstno: '29AABCK5678L1ZU' };
const FILTER = 'Fuel Filter';
const DG_SET = 'DG Set 15 kVA';

const line = (goods: string, qty: string, rate: string, serials?: string[]) => ({
  srno: 1, goods, hsn: '8421', taxrate: '18', qty, rate, per: 'no', amount: (Number(qty) * Number(rate)).toFixed(2), ...(serials && { serials }),
});

const invoice = (billno: number, date: string, product: unknown[], more: Record<string, unknown> = {}) => ({
  method: 'create', type: 'taxinvoice', invoiceno: billno, date, ...BUYER, product, ...more,
});

const purchase = (lines: unknown[], more: Record<string, unknown> = {}) => ({
  unit: 'gst', supplier: 'Bosch Distributors', suppliergstin: '27AAPFU0939F1ZV', supplierbillno: 'BD/77', supplierbilldate: '2026-05-02', lines, ...more,
});

async function stockOf(api: Api, product: string) {
  return jsonOf(await api.post('/api/getstock', { unit: 'gst' })).stock.find((row: any) => row.product === product);
}

async function balances(api: Api, product: string) {
  return jsonOf(await api.post('/api/getstockmovements', { unit: 'gst', product })).movements.map((m: any) => [m.kind, m.qtyin, m.qtyout, m.balance]);
}

/**
 * Worked out by hand, Fuel Filter (Nos) in the GST unit:
 * opening 10 on 01-04-2026 -> purchase +5 at ₹120 on 02-05-2026 (15) -> Tax Invoice 1 sells 3 on 10-05-2026 (12) -> edited to
 * 4 (11) -> cancelled (15) -> restored (11) -> credit note returns 1 on 20-05-2026 (12) -> 2 lost on 25-05-2026 (10).
 * Value: 10 x ₹120 (the purchase's rate) = ₹1,200; reorder level 10, so low.
 */
describeEachDatabase('stock (issue 48)', (database) => {
  const api = useApi(database);
  const save = async (body: object) => {
    const answer = await api.post('/api/gst/createtaxbill', body);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    return answer;
  };

  it('keeps the balance through opening, purchase, sale, edit, cancel, restore, credit note and adjustment', async () => {
    const product = await api.post('/api/common/savetaxproduct', {
      product: FILTER, hsn: '8421', taxrate: 18, rate: 150, per: 'no', stocked: true, openingqty: 10, openingdate: '2026-04-01', reorderlevel: 10, serialised: false,
    });
    expect(product.statusCode, product.body).toBe(200);
    const listed = jsonOf(await api.get('/api/common/gettaxproduct')).productList.find((entry: any) => entry.product === FILTER);
    expect(listed).toMatchObject({ stocked: true, openingqty: 10, openingdate: '2026-04-01', reorderlevel: 10, serialised: false });
    expect(await stockOf(api, FILTER)).toMatchObject({ qty: 10, rate: 150, value: 1500, low: true, per: 'Nos' });

    const bought = await api.post('/api/savepurchase', purchase([{ product: FILTER, qty: 5, rate: '120', taxrate: 18 }]));
    expect(jsonOf(bought)).toMatchObject({ msg: 'Purchase saved.' });
    expect((await stockOf(api, FILTER)).qty).toBe(15);
    const audited = jsonOf(await api.post('/api/common/getaudit', { document: 'purchase' }));
    expect(audited.entries.map((entry: any) => [entry.action, entry.document])).toEqual([['create', 'Purchase BD/77 from Bosch Distributors']]);

    await save(invoice(1, '2026-05-10', [line(FILTER, '3', '150')]));
    expect((await stockOf(api, FILTER)).qty).toBe(12);
    await save({ ...invoice(1, '2026-05-10', [line(FILTER, '4', '150')]), method: 'update' });
    expect((await stockOf(api, FILTER)).qty).toBe(11);
    expect(jsonOf(await api.post('/api/common/deletebill', { billtype: 'taxinvoice', billno: 1 })).msg).toBe('Bill No. 1 cancelled');
    expect((await stockOf(api, FILTER)).qty).toBe(15);
    expect((await api.post('/api/common/restorebill', { billtype: 'taxinvoice', billno: 1 })).statusCode).toBe(200);
    expect((await stockOf(api, FILTER)).qty).toBe(11);

    await save({
      method: 'create', type: 'creditnote', invoiceno: 1, date: '2026-05-20', reason: 'Sales Return', clientname: BUYER.clientname, clientaddress: '', gstno: '',
      placeofsupply: '27', against: { billtype: 'taxinvoice', billno: 1 }, product: [line(FILTER, '1', '150')],
    });
    expect((await stockOf(api, FILTER)).qty).toBe(12);
    const adjusted = await api.post('/api/savestockadjustment', { unit: 'gst', product: FILTER, date: '2026-05-25', reason: 'lost', qty: 2, note: 'Dropped in transit' });
    expect(jsonOf(adjusted)).toMatchObject({ msg: 'Stock adjusted.' });
    expect(await stockOf(api, FILTER)).toMatchObject({ qty: 10, rate: 120, value: 1200, low: true, reorderlevel: 10 });

    expect(await balances(api, FILTER)).toEqual([
      ['opening', 10, 0, 10], ['purchase', 5, 0, 15], ['sale', 0, 4, 11], ['return', 1, 0, 12], ['adjustment', 0, 2, 10],
    ]);
    const may = jsonOf(await api.post('/api/getstockmovements', { unit: 'gst', product: FILTER, from: '2026-05-05', to: '2026-05-22' }));
    expect(may).toMatchObject({ product: FILTER, opening: 15, closing: 12 });
    expect(may.movements[0]).toMatchObject({ kind: 'sale', doc: { type: 'taxinvoice', billno: 1, label: 'Tax Invoice Bill 1' }, party: BUYER.clientname });
    expect((await stockOf(api, FILTER, )).qty).toBe(10);
    expect(jsonOf(await api.post('/api/getstock', { unit: 'gst', asof: '2026-05-15' })).stock.find((row: any) => row.product === FILTER).qty).toBe(11);

    // The register from 05-05-2026: opening 15 (the opening 10 and the purchase before from), supply 4, receipt 1 (the return), lost 2.
    const register = jsonOf(await api.post('/api/stockregister', { unit: 'gst', from: '2026-05-05', to: '2026-05-31', format: 'json' }));
    expect(register.rows.find((row: any) => row.product === FILTER)).toEqual({
      product: FILTER, per: 'Nos', opening: 15, receipt: 1, supply: 4, lost: 2, stolen: 0, destroyed: 0, writtenoff: 0, gift: 0, found: 0, closing: 10,
    });
    const csv = await api.post('/api/stockregister', { unit: 'gst', from: '2026-05-05', to: '2026-05-31', format: 'csv' });
    expect(csv.body).toContain('Product,Unit,Opening,Receipt,Supply,Lost,Stolen,Destroyed,Written Off,Gift,Found,Closing');
    expect(csv.body).toContain(`${FILTER},Nos,15,1,4,2,0,0,0,0,0,10`);
    const pdf = await api.post('/api/stockregister', { unit: 'gst', from: '2026-05-05', to: '2026-05-31', format: 'pdf' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const printed = squash(pdfText(pdf.rawPayload));
    expect(printed).toContain('Stock Register (CGST Rule 56(2))');
    expect(printed).toMatch(new RegExp(`${FILTER} Nos 15 1 4 2 0 0 0 0 0 10`));
    const xlsx = await api.post('/api/stockregister', { unit: 'gst', from: '2026-05-05', to: '2026-05-31', format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const purchases = await api.post('/api/getpurchases', { unit: 'gst', format: 'csv' });
    expect(purchases.body).toContain("Date,Supplier,Supplier's GSTIN,Bill No.,Taxable Value,GST,Total");
    expect(purchases.body).toContain('2026-05-02,Bosch Distributors,27AAPFU0939F1ZV,BD/77,600,108,708');
  });

  it('moves nothing on a quotation', async () => {
    const quoted = await api.post('/api/gst/createtaxbill', { method: 'create', type: 'taxquotation', invoiceno: 1, date: '2026-05-26', ...BUYER, product: [line(FILTER, '3', '150')] });
    expect(quoted.statusCode, quoted.body.slice(0, 200)).toBe(200);
    expect((await stockOf(api, FILTER)).qty).toBe(10);
  });

  it('sells each engine number once, returns it on a cancel, and refuses a serial not in stock', async () => {
    expect((await api.post('/api/common/savetaxproduct', {
      product: DG_SET, hsn: '8502', taxrate: 18, rate: 250000, per: 'no', stocked: true, openingqty: 1, openingdate: '2026-04-01', serialised: true, openingserials: ['ENG-1'],
    })).statusCode).toBe(200);
    expect(jsonOf(await api.post('/api/savepurchase', purchase([{ product: DG_SET, qty: 2, rate: 200000, taxrate: 18, serials: ['ENG-2', 'ENG-3'] }], { supplierbillno: 'BD/78' }))).msg).toBe('Purchase saved.');
    await save(invoice(2, '2026-05-27', [line(DG_SET, '1', '250000', ['ENG-2'])]));
    const twice = await api.post('/api/gst/createtaxbill', invoice(3, '2026-05-27', [line(DG_SET, '1', '250000', ['ENG-2'])]));
    expect(twice.statusCode).toBe(400);
    expect(jsonOf(twice)).toEqual({ msg: `Engine number ENG-2 of ${DG_SET} is not in stock.` });
    const bill = jsonOf(await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 2 })).bill;
    expect(bill.product[0].serials).toEqual(['ENG-2']);
    const sold = jsonOf(await api.post('/api/getserials', { unit: 'gst', product: DG_SET, status: 'sold' })).serials;
    expect(sold).toEqual([expect.objectContaining({ serial: 'ENG-2', status: 'sold', went: expect.objectContaining({ type: 'taxinvoice', billno: 2, client: BUYER.clientname }) })]);
    await api.post('/api/common/deletebill', { billtype: 'taxinvoice', billno: 2 });
    const inStock = jsonOf(await api.post('/api/getserials', { unit: 'gst', product: DG_SET, status: 'instock' })).serials.map((s: any) => s.serial);
    expect(inStock).toEqual(['ENG-1', 'ENG-2', 'ENG-3']);
    // ENG-2 sold again on No. 4: the cancelled No. 2 cannot come back with it.
    await save(invoice(4, '2026-05-28', [line(DG_SET, '1', '250000', ['ENG-2'])]));
    const restore = await api.post('/api/common/restorebill', { billtype: 'taxinvoice', billno: 2 });
    expect(restore.statusCode).toBe(400);
    expect(jsonOf(restore)).toEqual({ msg: `Engine number ENG-2 of ${DG_SET} is not in stock.` });
    expect(jsonOf(await api.post('/api/common/getbill', { billtype: 'taxinvoice', billno: 2, cancelled: true })).bill.find((b: any) => b.billno === 2)).toMatchObject({ cancelled: true });
    // The invoice prints the engine number under the goods, and its e-invoice reports it (PrdSlNo).
    const sale = await save(invoice(3, '2026-05-28', [line(DG_SET, '1', '250000', ['ENG-3'])], KARNATAKA_BUYER));
    expect(squash(pdfText(sale.rawPayload))).toContain('Serial No.: ENG-3');
    // On the 80 mm roll too, under the goods' words.
    expect((await api.post('/api/gst/saveprofile', gstProfile({ pdfPage: 'roll80' }))).statusCode).toBe(200);
    const roll = await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 3 });
    expect(squash(pdfText(roll.rawPayload))).toContain('Serial No.: ENG-3');
    expect((await api.post('/api/gst/saveprofile', gstProfile())).statusCode).toBe(200);
    const client = jsonOf(await api.get('/api/common/getclient')).clientList.find((c: any) => c.clientname === KARNATAKA_BUYER.clientname);
    const { billCount: _count, ...saved } = client;
    expect((await api.post('/api/common/saveclient', { ...saved, place: 'Hubballi', pincode: '580025' })).statusCode).toBe(200);
    const einvoice = await api.post('/api/gst/einvoice', { billtype: 'taxinvoice', billno: 3 });
    expect(einvoice.statusCode, einvoice.body).toBe(200);
    expect(jsonOf(einvoice).ItemList[0]).toMatchObject({ SlNo: '1', PrdDesc: DG_SET, PrdSlNo: 'ENG-3' });
    // A serial from a purchase that went out refuses the purchase's delete.
    const purchases = jsonOf(await api.post('/api/getpurchases', { unit: 'gst' })).purchases;
    const refused = await api.post('/api/deletepurchase', { id: purchases.find((p: any) => p.supplierbillno === 'BD/78').id });
    expect(refused.statusCode).toBe(400);
    expect(jsonOf(refused)).toEqual({ msg: `Engine number ENG-2 of ${DG_SET} went out after this document brought it in: undo that first.` });
    expect((await stockOf(api, DG_SET)).qty).toBe(1);
  });

  it('refuses bad input with a 400 {msg} and changes nothing', async () => {
    const before = await stockOf(api, FILTER);
    const refusals: [string, object, string][] = [
      ['/api/savepurchase', purchase([{ product: 'No Such Part', qty: 1, rate: 1, taxrate: 18 }]), 'No Such Part is not a stocked product of this unit: save it on the product master as stocked first.'],
      ['/api/savepurchase', purchase([{ product: FILTER, qty: -1, rate: 1, taxrate: 18 }]), 'Quantity of line 1 must be a number more than 0 with at most 6 decimal places.'],
      ['/api/savepurchase', purchase([{ product: FILTER, qty: 'two', rate: 1, taxrate: 18 }]), 'Quantity of line 1 must be a number more than 0 with at most 6 decimal places.'],
      ['/api/savepurchase', purchase([{ product: DG_SET, qty: 2, rate: 1, taxrate: 18, serials: ['ENG-9'] }]), `${DG_SET} on line 1 has engine numbers: name one for each piece (2), not 1.`],
      ['/api/savepurchase', purchase([]), 'Please provide the purchase\'s lines (1 to 500).'],
      ['/api/savestockadjustment', { unit: 'gst', product: FILTER, date: '2026-05-30', reason: 'eaten', qty: 1 }, 'reason must be one of: lost, stolen, destroyed, writtenoff, gift, found.'],
      ['/api/savestockadjustment', { unit: 'gst', product: FILTER, date: '2026-05-30', reason: 'stolen', qty: 50 }, `Only 10 Nos of ${FILTER} left in stock.`],
      ['/api/getstock', { unit: 'nowhere' }, 'unit must be one of: alfadiesel, gst.'],
    ];
    for (const [url, body, msg] of refusals) {
      const answer = await api.post(url, body);
      expect(answer.statusCode, msg).toBe(400);
      expect(jsonOf(answer)).toEqual({ msg });
    }
    expect((await api.post('/api/common/saveproduct', { product: 'Gasket', stocked: 'yes' })).statusCode).toBe(400);
    expect(await stockOf(api, FILTER)).toEqual(before);
  });

  it('sells beyond stock by the unit setting: asks (409), refuses (400) or allows with a warning', async () => {
    const eleven = invoice(10, '2026-05-30', [line(FILTER, '11', '150')]);
    const asked = await api.post('/api/gst/createtaxbill', eleven);
    expect(asked.statusCode).toBe(409);
    expect(jsonOf(asked)).toEqual({ msg: `Only 10 Nos of ${FILTER} left in stock.`, confirm: 'stock', short: [{ product: FILTER, left: 10, wanted: 11 }] });
    expect((await stockOf(api, FILTER)).qty).toBe(10);
    await setOversell(api, 'refuse');
    const refused = await api.post('/api/gst/createtaxbill', eleven);
    expect(refused.statusCode).toBe(400);
    expect(jsonOf(refused)).toEqual({ msg: `Only 10 Nos of ${FILTER} left in stock.` });
    await setOversell(api, 'allow');
    const allowed = await save(eleven);
    expect(JSON.parse(decodeURIComponent(String(allowed.headers['x-stock-warnings'])))).toEqual([{ product: FILTER, left: 10, wanted: 11 }]);
    expect((await stockOf(api, FILTER)).qty).toBe(-1);
    await setOversell(api, 'ask');
    await save({ ...invoice(11, '2026-05-30', [line(FILTER, '1', '150')]), confirmstock: true });
    expect((await stockOf(api, FILTER)).qty).toBe(-2);
  });

  it('lets only one of the bills racing for the last piece take it', async () => {
    await setOversell(api, 'refuse');
    expect((await api.post('/api/common/savetaxproduct', { product: 'Nozzle', hsn: '8409', taxrate: 18, rate: 100, per: 'no', stocked: true, openingqty: 1, openingdate: '2026-04-01' })).statusCode).toBe(200);
    expect((await api.post('/api/common/savetaxproduct', { product: 'Washer', hsn: '8409', taxrate: 18, rate: 10, per: 'no', stocked: true, openingqty: 10, openingdate: '2026-04-01' })).statusCode).toBe(200);
    const racers = [21, 22, 23, 24, 25, 26];
    for (const billno of racers) await save(invoice(billno, '2026-05-31', [line('Washer', '1', '10')]));
    // Edits (creates of one type take turns anyway), all adding the last nozzle at once: the stock check alone keeps them apart.
    const answers = await Promise.all(racers.map((billno) =>
      api.post('/api/gst/createtaxbill', { ...invoice(billno, '2026-05-31', [line('Washer', '1', '10'), { ...line('Nozzle', '1', '100'), srno: 2 }]), method: 'update' })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) expect(jsonOf(answer)).toEqual({ msg: 'Only 0 Nos of Nozzle left in stock.' });
    expect((await stockOf(api, 'Nozzle')).qty).toBe(0);
  });

  it('takes the last piece out once when adjustments race for it', async () => {
    expect((await api.post('/api/common/savetaxproduct', { product: 'Gasket', hsn: '8484', taxrate: 18, rate: 40, per: 'no', stocked: true, openingqty: 1, openingdate: '2026-04-01' })).statusCode).toBe(200);
    const answers = await Promise.all(['lost', 'stolen', 'destroyed', 'writtenoff', 'gift', 'lost'].map((reason) =>
      api.post('/api/savestockadjustment', { unit: 'gst', product: 'Gasket', date: '2026-05-31', reason, qty: 1, note: 'race' })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect((await stockOf(api, 'Gasket')).qty).toBe(0);
  });

  it('replaces a purchase\'s movements on its edit, and a product\'s stock fields from the Products screen\'s edit', async () => {
    const saved = jsonOf(await api.post('/api/savepurchase', purchase([{ product: 'Gasket', qty: 4, rate: 30, taxrate: 18 }], { supplierbillno: 'BD/90', supplierbilldate: '2026-06-01' })));
    expect((await stockOf(api, 'Gasket')).qty).toBe(4);
    const edited = await api.post('/api/savepurchase', purchase([{ product: 'Gasket', qty: 6, rate: 32, taxrate: 18 }], { id: saved.id, supplierbillno: 'BD/90', supplierbilldate: '2026-06-01' }));
    expect(jsonOf(edited)).toEqual({ msg: 'Purchase saved.', id: saved.id });
    expect(await stockOf(api, 'Gasket')).toMatchObject({ qty: 6, rate: 32, value: 192 });
    const entry = jsonOf(await api.get('/api/common/gettaxproduct')).productList.find((each: any) => each.product === 'Gasket');
    const update = await api.post('/api/common/updatecatalogentry', {
      catalog: 'taxproduct', _id: entry._id, product: 'Gasket', hsn: '8484', taxrate: 18, rate: 40, per: 'no', stocked: true, openingqty: 3, openingdate: '2026-04-01', reorderlevel: 2,
    });
    expect(update.statusCode, update.body).toBe(200);
    // The opening was 1 and its piece went on a lost adjustment: 3 - 1 + 6.
    expect(await stockOf(api, 'Gasket')).toMatchObject({ qty: 8, reorderlevel: 2, low: false });
    expect((await api.post('/api/deletepurchase', { id: saved.id })).statusCode).toBe(200);
    expect((await stockOf(api, 'Gasket')).qty).toBe(2);
    expect((await api.post('/api/deletepurchase', { id: saved.id })).statusCode).toBe(404);
  });
});

async function setOversell(api: Api, oversell: string) {
  const profile = jsonOf(await api.post('/api/gst/getprofile', {})).profile;
  const answer = await api.post('/api/gst/saveprofile', { ...profile, oversell });
  expect(answer.statusCode, answer.body).toBe(200);
}
