import Ajv from 'ajv';
import { expect, it } from 'vitest';
import { hasEwayBill } from '../../src/engine/core';
import { loadRegistry } from '../../src/server/schema-files';
import ewbBulk from '../fixtures/ewb-bulk-1.0.0621.schema.json';
import { recordOf } from '../../src/server/bills/shape';
import { gstProfile } from '../fixtures/profile';
import { pdfText, squash } from '../pdf/pdf-tools';
import { describeEachDatabase } from './databases';
import { jsonOf, useApi, type Api, type Body } from './harness';

const KAVERI = { clientname: 'Kaveri Agro Industries', clientaddress: 'Hosur Road, Bengaluru 560068', gstno: '29AAGCB7383J1Z4' };
const SHREE = { clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208', gstno: '27AAKCS4521M1ZZ' };
const ROAD = { transmode: 'Road', transdistance: '642', vehicleno: 'mh 04 ab 1234', transdocno: 'LR-1187', transdocdate: '2026-11-21' };
const VEHICLE_MESSAGE = 'Vehicle No. must be a registration number like MH12AB1234 or MH 12 AB 1234 (Bharat series like 22 BH 1234 AA; a temporary one starts TM).';
const TRANSPORTER_MESSAGE = "Transporter ID must be the transporter's 15-character GSTIN or enrolment number (TRN), e.g. 27AAKCS4521M1ZZ.";

const line = (srno: number, goods: string, hsn: string, taxrate: string, qty: string, rate: string, amount: string) => ({
  srno, goods, hsn, taxrate, qty, rate, per: 'no', amount,
});

/**
 * Worked out by hand; the seller (gstProfile) is in Maharashtra (27), Mumbai 400069.
 * - Tax Invoice 1, 21-11-2026, to Kaveri Agro (Karnataka, IGST): 4 no x 12,500 = 50,000.00 at 18% (IGST 9,000.00)
 *   and 3 no x 333.33 = 999.99 at 12% (IGST 119.9988 -> 120.00). Taxable 50,999.99, IGST 9,120.00, together
 *   60,119.99: over the inter-state ₹50,000. Grand total 60,120.00, round-off 0.01.
 * - Tax Invoice 2, to Shree Ganesh (Maharashtra): 2 no x 40,000 = 80,000.00 at 18%, CGST 7,200 + SGST 7,200:
 *   94,400.00, under Maharashtra's ₹1,00,000 within the state (it would be over ₹50,000 between states).
 * - Walk-in Tax Invoice B/1 to Ramesh Patil (place of supply 27), shipped to Chakan: 1 no x 95,000 at 18%, CGST
 *   8,550 + SGST 8,550 = 1,12,100.00: over ₹1,00,000.
 */
async function seedBills(api: Api) {
  const taxinvoice = api.registry.byType('taxinvoice')!;
  const first = await api.save(taxinvoice, 1, {
    ...KAVERI, ...ROAD, date: '2026-11-21',
    product: [line(1, 'Fuel injection pump', '8413', '18', '4', '12500', '50000.00'), line(2, 'Nozzle', '8409', '12', '3', '333.33', '999.99')],
  });
  expect(first.statusCode, first.body.slice(0, 300)).toBe(200);
  const second = await api.save(taxinvoice, 2, { ...SHREE, date: '2026-11-22', product: [line(1, 'Fuel injection pump', '8413', '18', '2', '40000', '80000.00')] });
  expect(second.statusCode, second.body.slice(0, 300)).toBe(200);
  const walkIn = await api.save(api.registry.byType('b2cinvoice')!, 1, {
    clientname: 'Ramesh Patil', clientaddress: 'Gat No. 12, Chakan, Pune', placeofsupply: '27', date: '2026-11-23',
    transmode: 'Road', vehicleno: 'MH14XY0001', vehicletype: 'O', transdistance: '35', transportername: 'Shree Roadways',
    shiptoaddress: 'Site 4, Chakan MIDC Phase II', shiptoplace: 'Chakan MIDC', shiptopincode: '410501',
    product: [line(1, 'Fuel injection pump', '8413', '18', '1', '95000', '95000.00')],
  });
  expect(walkIn.statusCode, walkIn.body.slice(0, 300)).toBe(200);
  return { first, second, walkIn };
}

const notice = (answer: { headers: Record<string, unknown> }) => {
  const value = answer.headers['x-ewb-notice'];
  return typeof value === 'string' ? decodeURIComponent(value) : undefined;
};

async function setClientPlace(api: Api, name: string, place: string, pincode: string) {
  const list = jsonOf(await api.get('/api/common/getclient')).clientList as Body[];
  const client = list.find((c) => c.clientname === name)!;
  const { billCount: _count, ...fields } = client;
  const saved = await api.post('/api/common/saveclient', { ...fields, place, pincode });
  expect(saved.statusCode, saved.body).toBe(200);
}

const ewaybill = (api: Api, bills: Body[]) => api.post('/api/gst/ewaybill', { bills });

const validBulkFile = new Ajv({ allErrors: true }).compile(ewbBulk);

/** Every file must pass the published bulk format (its names, types and required fields); the errors are the failure message. */
function expectValidBulkFile(file: unknown) {
  validBulkFile(file);
  expect(validBulkFile.errors ?? []).toEqual([]);
}

/** The day the exports are made on in these tests: the documents' ages are counted to it. */
const TODAY = '2026-11-29';

describeEachDatabase('e-way bill JSON (issue 33)', (database) => {
  const api = useApi(database, loadRegistry(), { today: () => TODAY });
  // The suite's tests share one database: the bills are saved once, by whichever test asks first.
  let seeded: ReturnType<typeof seedBills> | undefined;
  const seed = () => (seeded ??= seedBills(api));

  it('a save over its route\'s limit says an e-way bill is needed; under it says nothing', async () => {
    const { first, second, walkIn } = await seed();
    expect(notice(first)).toBe('An e-way bill is needed before these goods move: their value ₹60,119.99 is over ₹50,000 from one state to another.');
    expect(notice(second)).toBeUndefined();
    expect(notice(walkIn)).toBe('An e-way bill is needed before these goods move: their value ₹1,12,100.00 is over ₹1,00,000 within Maharashtra.');
    // The transport block is stored with the bill and answered back.
    const stored = jsonOf(await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 1 })).bill;
    expect(stored).toMatchObject({ transmode: 'Road', transdistance: '642', vehicleno: 'mh 04 ab 1234', transdocdate: '2026-11-21' });
  });

  it('names everything missing, seller and client, before any file; then answers the bulk-upload file field by field', async () => {
    await seed();
    const missing = await ewaybill(api, [{ billtype: 'taxinvoice', billno: 1, fy: '2026-27' }]);
    expect(missing.statusCode).toBe(400);
    expect(jsonOf(missing).msg).toBe(
      'Place missing in Business Profile. Pincode missing in Business Profile. Place missing for client Kaveri Agro Industries. Pincode missing for client Kaveri Agro Industries.',
    );

    expect((await api.post('/api/gst/saveprofile', gstProfile())).statusCode).toBe(200);
    const clientOnly = await ewaybill(api, [{ billtype: 'taxinvoice', billno: 1 }]);
    expect(jsonOf(clientOnly).msg).toBe('Place missing for client Kaveri Agro Industries. Pincode missing for client Kaveri Agro Industries.');

    await setClientPlace(api, 'Kaveri Agro Industries', 'Bengaluru', '560068');
    // The walk-in buyer's place is asked for too; the bill's ship-to pincode stands for theirs.
    const walkIn = await ewaybill(api, [{ billtype: 'b2cinvoice', billno: 1 }]);
    expect(jsonOf(walkIn).msg).toBe('Place missing for client Ramesh Patil.');
    await setClientPlace(api, 'Ramesh Patil', 'Chakan', '');
    const answer = await ewaybill(api, [{ billtype: 'taxinvoice', billno: 1 }, { billtype: 'b2cinvoice', billno: 1 }]);
    expect(answer.statusCode, answer.body).toBe(200);
    const file = jsonOf(answer);
    expectValidBulkFile(file);
    expect(file.version).toBe('1.0.0621');
    expect(file.billLists).toHaveLength(2);
    expect(file.billLists[0]).toEqual({
      userGstin: '27AAPFU0939F1ZV',
      supplyType: 'O',
      subSupplyType: '1',
      subSupplyDesc: '',
      docType: 'INV',
      docNo: '1',
      docDate: '21/11/2026',
      transType: 1,
      fromGstin: '27AAPFU0939F1ZV',
      fromTrdName: 'ALFA DIESEL SERVICES',
      fromAddr1: 'Shop No. 2, Sai Industrial Estate, Andheri (East), Mumbai 400069',
      fromAddr2: '',
      fromPlace: 'Mumbai',
      fromPincode: 400069,
      fromStateCode: 27,
      actualFromStateCode: 27,
      toGstin: '29AAGCB7383J1Z4',
      toTrdName: 'Kaveri Agro Industries',
      toAddr1: 'Hosur Road, Bengaluru 560068',
      toAddr2: '',
      toPlace: 'Bengaluru',
      toPincode: 560068,
      toStateCode: 29,
      actualToStateCode: 29,
      totalValue: 50999.99,
      cgstValue: 0,
      sgstValue: 0,
      igstValue: 9120,
      cessValue: 0,
      TotNonAdvolVal: 0,
      OthValue: 0.01,
      totInvValue: 60120,
      transMode: '1',
      transDistance: '642',
      transporterId: '',
      transporterName: '',
      transDocNo: 'LR-1187',
      transDocDate: '21/11/2026',
      vehicleNo: 'MH04AB1234',
      vehicleType: 'R',
      mainHsnCode: 8413,
      itemList: [
        { itemNo: 1, productName: 'Fuel injection pump', productDesc: 'Fuel injection pump', hsnCode: 8413, quantity: 4, qtyUnit: 'NOS', taxableAmount: 50000, sgstRate: 0, cgstRate: 0, igstRate: 18, cessRate: 0, cessNonAdvol: 0 },
        { itemNo: 2, productName: 'Nozzle', productDesc: 'Nozzle', hsnCode: 8409, quantity: 3, qtyUnit: 'NOS', taxableAmount: 999.99, sgstRate: 0, cgstRate: 0, igstRate: 12, cessRate: 0, cessNonAdvol: 0 },
      ],
    });
    // The walk-in buyer: URP, shipped elsewhere (Bill To - Ship To), CGST + SGST at half the rate each.
    expect(file.billLists[1]).toMatchObject({
      docNo: 'B/1',
      docDate: '23/11/2026',
      transType: 2,
      toGstin: 'URP',
      toTrdName: 'Ramesh Patil',
      toAddr1: 'Site 4, Chakan MIDC Phase II',
      toPlace: 'Chakan MIDC',
      toPincode: 410501,
      toStateCode: 27,
      actualToStateCode: 27,
      totalValue: 95000,
      cgstValue: 8550,
      sgstValue: 8550,
      igstValue: 0,
      OthValue: 0,
      totInvValue: 112100,
      transMode: '1',
      transDistance: '35',
      vehicleNo: 'MH14XY0001',
      vehicleType: 'O',
      transDocDate: '',
      transporterName: 'Shree Roadways',
      itemList: [{ itemNo: 1, productName: 'Fuel injection pump', productDesc: 'Fuel injection pump', hsnCode: 8413, quantity: 1, qtyUnit: 'NOS', taxableAmount: 95000, sgstRate: 9, cgstRate: 9, igstRate: 0, cessRate: 0, cessNonAdvol: 0 }],
    });

    // A period's file: the bills dated in it whose goods need an e-way bill. Bill 2 (₹94,400.00 within Maharashtra,
    // under ₹1,00,000) is left out; the same entries as named one by one.
    const period = jsonOf(await api.post('/api/gst/ewaybill', { from: '2026-11-21', to: '2026-11-23' }));
    expect(period).toEqual(file);
    expect(jsonOf(await api.post('/api/gst/ewaybill', { from: '2026-11-22', to: '2026-11-22' }))).toEqual({ version: '1.0.0621', billLists: [] });
    const backwards = await api.post('/api/gst/ewaybill', { from: '2026-11-23', to: '2026-11-21' });
    expect({ status: backwards.statusCode, msg: jsonOf(backwards).msg }).toEqual({ status: 400, msg: 'Please provide from and to: days written like 2026-11-01, from not after to.' });
  });

  it('names the transport still missing on each bill: a mode, a vehicle for the road, a document for rail, air or ship', async () => {
    await api.post('/api/gst/saveprofile', gstProfile());
    const taxinvoice = api.registry.byType('taxinvoice')!;
    const product = [line(1, 'Fuel injection pump', '8413', '18', '1', '1000', '1000.00')];
    const cases: [number, Body, string][] = [
      [11, {}, 'Mode of Transport or Transporter ID missing on Invoice No. 11.'],
      [12, { transmode: 'Road' }, 'Vehicle No. or Transporter ID missing on Invoice No. 12.'],
      [13, { transmode: 'Rail', vehicleno: 'MH04AB1234' }, 'Transport Doc. No. missing on Invoice No. 13.'],
    ];
    await seed();
    await setClientPlace(api, 'Kaveri Agro Industries', 'Bengaluru', '560068');
    for (const [billno, transport, message] of cases) {
      expect((await api.save(taxinvoice, billno, { ...KAVERI, date: '2026-11-24', product, ...transport })).statusCode).toBe(200);
      const answer = await ewaybill(api, [{ billtype: 'taxinvoice', billno }]);
      expect({ status: answer.statusCode, msg: jsonOf(answer).msg }).toEqual({ status: 400, msg: message });
    }
    // A transporter who adds Part B later is enough; the Part-A-only entry has no vehicle.
    expect((await api.save(taxinvoice, 14, { ...KAVERI, date: '2026-11-24', product, transporterid: '27aakcs4521m1zz' })).statusCode).toBe(200);
    const partA = jsonOf(await ewaybill(api, [{ billtype: 'taxinvoice', billno: 14 }])).billLists[0];
    expect(partA).toMatchObject({ transMode: '', transporterId: '27AAKCS4521M1ZZ', vehicleNo: '', vehicleType: '', transDistance: '0' });
  });

  it('refuses bad input with 4xx { msg }', async () => {
    await seed();
    const cases: [Body, number, string][] = [
      [{}, 400, 'Please provide bills: a list of { billtype, billno, fy }.'],
      [{ bills: [] }, 400, 'Please provide bills: a list of { billtype, billno, fy }.'],
      [{ bills: ['taxinvoice'] }, 400, 'Each of bills must be an object { billtype, billno, fy }.'],
      [{ bills: [{ billtype: 'taxquotation', billno: 1 }] }, 400, 'Tax Quotation Bill has no e-way bill: only GST goods bills do.'],
      [{ bills: [{ billtype: 'invoice', billno: 1 }] }, 400, 'Invoice Bill has no e-way bill: only GST goods bills do.'],
      [{ bills: [{ billtype: 'taxinvoice', billno: 99 }] }, 404, 'Bill No. 99 not found.'],
      [{ bills: [{ billtype: 'taxinvoice', billno: 'x' }] }, 400, 'Please provide a valid billno (a whole number from 1).'],
      [{ bills: [{ billtype: 'taxinvoice', billno: 1, fy: '2026' }] }, 400, 'fy must be a financial year written like "2026-27".'],
      [{ bills: [{ billtype: 'taxinvoice', billno: 1 }, { billtype: 'taxinvoice', billno: 1, fy: '2026-27' }] }, 400, 'Invoice No. 1 is named twice.'],
      [{ bills: Array.from({ length: 201 }, (_, i) => ({ billtype: 'taxinvoice', billno: i + 1 })) }, 400, 'An e-way bill file holds at most 200 bills.'],
    ];
    for (const [body, status, msg] of cases) {
      const answer = await api.post('/api/gst/ewaybill', body);
      expect({ status: answer.statusCode, msg: jsonOf(answer).msg }, JSON.stringify(body).slice(0, 80)).toEqual({ status, msg });
    }
  });

  it('refuses each transport value the portal would refuse as it is saved, in its own words, on every type with the block', async () => {
    const types = api.registry.billTypes.filter(hasEwayBill);
    expect(types.length).toBeGreaterThan(0);
    const refusals: [Body, string][] = [
      [{ vehicleno: 'MH#04' }, VEHICLE_MESSAGE],
      [{ vehicleno: 'MH 1 AB 1234' }, VEHICLE_MESSAGE],
      [{ vehicleno: '22 BH 1234' }, VEHICLE_MESSAGE],
      [{ shiptopincode: '012345' }, 'Ship-to Pincode must be 6 digits, the first not 0, e.g. 410501.'],
      [{ shiptopincode: '41050' }, 'Ship-to Pincode must be 6 digits, the first not 0, e.g. 410501.'],
      [{ transdistance: '12.5' }, 'Distance (km) must be whole kilometres from 1 to 4000.'],
      [{ transdistance: '0' }, 'Distance (km) must be whole kilometres from 1 to 4000.'],
      [{ transdistance: '4001' }, 'Distance (km) must be whole kilometres from 1 to 4000.'],
      [{ transdocdate: '31-02-2026' }, 'Transport Doc. Date 31-02-2026 is not a date from 2000-01-01 to 2099-12-31.'],
      [{ transdocdate: '2026-02-31' }, 'Transport Doc. Date 2026-02-31 is not a date from 2000-01-01 to 2099-12-31.'],
      [{ transporterid: '27AAKCS' }, TRANSPORTER_MESSAGE],
      [{ transdocno: 'LR-1187/2026-27/A' }, 'Transport Doc. No. must be at most 15 characters.'],
    ];
    const accepted: Body[] = [
      { vehicleno: 'MH12AB1234', transdistance: '4000', shiptopincode: '410501', transporterid: '27aakcs4521m1zz', transdocno: 'LR/1187-2026-27', transdocdate: '2026-11-24' },
      { vehicleno: 'mh 12 ab 1234', transdistance: '1' },
      { vehicleno: 'MH-12-A-1234' },
      { vehicleno: 'MH 12 ABC 1234' },
      { vehicleno: '22 BH 1234 AA' },
      { vehicleno: 'TM12345678' },
      { vehicleno: '', transdistance: '', shiptopincode: '', transporterid: '', transdocno: '', transdocdate: '' },
    ];
    for (const billType of types) {
      for (const [transport, msg] of refusals) {
        const answer = await api.save(billType, 31, { date: '2026-11-24', transmode: 'Road', ...transport });
        expect({ status: answer.statusCode, msg: jsonOf(answer).msg }, `${billType.type} ${JSON.stringify(transport)}`).toEqual({ status: 400, msg });
      }
      for (const [index, transport] of accepted.entries()) {
        const answer = await api.save(billType, 31 + index, { date: '2026-11-24', transmode: 'Road', ...transport });
        expect(answer.statusCode, `${billType.type} ${JSON.stringify(transport)}: ${answer.body.slice(0, 200)}`).toBe(200);
      }
    }
  });

  it('a bill saved before the transport rules: the file names its values in the schema\'s words; the profile\'s and the client\'s pincode are checked as they are saved', async () => {
    await seed();
    await api.post('/api/gst/saveprofile', gstProfile());
    await setClientPlace(api, 'Kaveri Agro Industries', 'Bengaluru', '560068');
    const taxinvoice = api.registry.byType('taxinvoice')!;
    const product = [line(1, 'Fuel injection pump', '8413', '18', '1', '1000', '1000.00')];
    expect((await api.save(taxinvoice, 21, { ...KAVERI, date: '2026-11-24', product, transmode: 'Road', vehicleno: 'MH04AB1234' })).statusCode).toBe(200);
    // Written behind the API's back, as the free-text form stored it before the schema declared the shapes.
    const stored = jsonOf(await api.post('/api/gst/getbill', { billtype: 'taxinvoice', billno: 21 })).bill;
    const record = recordOf(taxinvoice, {
      ...stored, vehicleno: 'MH#04', transdistance: '12.5', transporterid: '27AAKCS', transdocno: 'LR-1187/2026-27/A', transdocdate: '31-02-2026', shiptopincode: '012345',
    });
    await api.storage.database.db.updateTable('bills').set({ header: JSON.stringify(record.header) }).where('billno', '=', 21).where('type', '=', 'taxinvoice').execute();
    const answer = await ewaybill(api, [{ billtype: 'taxinvoice', billno: 21 }]);
    expect({ status: answer.statusCode, msg: jsonOf(answer).msg }).toEqual({
      status: 400,
      msg: [
        'Invoice No. 21: Distance (km) must be whole kilometres from 1 to 4000',
        `Invoice No. 21: ${VEHICLE_MESSAGE.replace(/\.$/, '')}`,
        `Invoice No. 21: ${TRANSPORTER_MESSAGE.replace(/\.$/, '')}`,
        'Invoice No. 21: Transport Doc. No. must be at most 15 characters',
        'Invoice No. 21: Transport Doc. Date 31-02-2026 is not a date from 2000-01-01 to 2099-12-31',
        'Invoice No. 21: Ship-to Pincode must be 6 digits, the first not 0, e.g. 410501.',
      ].join('. '),
    });
    // A date typed as the free-text form kept it is read as typed; the vehicle number in the portal's capitals.
    const typed = recordOf(taxinvoice, { ...stored, vehicleno: 'mh-04-ab-1234', transdocdate: '21-11-2026' });
    await api.storage.database.db.updateTable('bills').set({ header: JSON.stringify(typed.header) }).where('billno', '=', 21).where('type', '=', 'taxinvoice').execute();
    const file = jsonOf(await ewaybill(api, [{ billtype: 'taxinvoice', billno: 21 }]));
    expect(file.billLists[0]).toMatchObject({ vehicleNo: 'MH04AB1234', transDocDate: '21/11/2026' });

    const profile = await api.post('/api/gst/saveprofile', gstProfile({ pincode: '040006' }));
    expect({ status: profile.statusCode, msg: jsonOf(profile).msg }).toEqual({ status: 400, msg: 'Pincode is not valid: 6 digits, the first not 0, e.g. 400069.' });
    const client = await api.post('/api/common/saveclient', { ...KAVERI, clientname: 'Deccan Fuels', pincode: '56006' });
    expect({ status: client.statusCode, msg: jsonOf(client).msg }).toEqual({ status: 400, msg: 'Pincode: 6 digits, the first not 0.' });
  });

  it('saveewb stores the portal\'s answer (audited) and the PDF prints it with the transport filled in', async () => {
    await seed();
    const before = squash(pdfText((await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 1 })).rawPayload));
    expect(before).toContain('Mode of Transport Distance (km) Vehicle No. Road 642 mh 04 ab 1234 Transport Doc. No. Transport Doc. Date LR-1187 21-11-2026');
    expect(before).not.toContain('E-Way Bill No.');
    // A chosen vehicle type prints as its label; the transporter and the ship-to place as typed.
    const walkIn = squash(pdfText((await api.post('/api/common/showpdf', { billtype: 'b2cinvoice', billno: 1 })).rawPayload));
    for (const printed of ['Vehicle Type', 'Over Dimensional Cargo', 'Transporter Name', 'Shree Roadways', 'Ship-to Place', 'Chakan MIDC']) expect(walkIn).toContain(printed);

    const refusals: [Body, number, string][] = [
      [{ ewbNo: '3410 1234 567', ewbDate: '28/11/2026 10:15 AM', validUpto: '29/11/2026 11:59 PM' }, 400, 'Please provide the E-Way Bill No.: 12 digits, e.g. 3410 1234 5678.'],
      [{ ewbNo: '341012345678', ewbDate: '2026-11-28', validUpto: '29/11/2026 11:59 PM' }, 400, 'E-Way Bill Date must be written as the portal prints it, e.g. 28/11/2026 10:15 AM.'],
      [{ ewbNo: '341012345678', ewbDate: '28/11/2026', validUpto: '31/02/2026 25:00' }, 400, 'Valid Upto must be written as the portal prints it, e.g. 29/11/2026 11:59 PM.'],
      [{ billtype: 'taxquotation', ewbNo: '341012345678', ewbDate: '28/11/2026', validUpto: '29/11/2026' }, 400, 'Tax Quotation Bill has no e-way bill: only GST goods bills do.'],
      [{ billno: 99, ewbNo: '341012345678', ewbDate: '28/11/2026', validUpto: '29/11/2026' }, 404, 'Bill No. 99 not found.'],
    ];
    for (const [change, status, msg] of refusals) {
      const answer = await api.post('/api/gst/saveewb', { billtype: 'taxinvoice', billno: 1, ...change });
      expect({ status: answer.statusCode, msg: jsonOf(answer).msg }).toEqual({ status, msg });
    }
    const audits = () => api.storage.database.db.selectFrom('audit_log').select(['type', 'billno', 'before', 'after']).where('action', '=', 'registration').execute();
    expect(await audits()).toEqual([]);

    const saved = await api.post('/api/gst/saveewb', { billtype: 'taxinvoice', billno: 1, fy: '2026-27', ewbNo: '3410 1234 5678', ewbDate: '28/11/2026 10:15 AM', validUpto: '03/12/2026 11:59 PM' });
    expect({ status: saved.statusCode, msg: jsonOf(saved).msg }).toEqual({ status: 200, msg: 'E-Way Bill No. 341012345678 saved for Invoice No. 1.' });
    const text = squash(pdfText((await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 1 })).rawPayload));
    expect(text).toContain('E-Way Bill No. E-Way Bill Date Valid Upto 3410 1234 5678 28/11/2026 10:15 AM 03/12/2026 11:59 PM');
    // A second answer (a new e-way bill after a change of vehicle) replaces the first, audited with both.
    await api.post('/api/gst/saveewb', { billtype: 'taxinvoice', billno: 1, ewbNo: '341012345699', ewbDate: '29/11/2026 09:00 AM', validUpto: '04/12/2026 11:59 PM' });
    const rows = await audits();
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => [row.type, Number(row.billno)])).toEqual([['taxinvoice', 1], ['taxinvoice', 1]]);
    expect(JSON.parse(rows[1].before!)).toEqual({ ewb: { ewbNo: '341012345678', ewbDate: '28/11/2026 10:15 AM', validUpto: '03/12/2026 11:59 PM' } });
    expect(JSON.parse(rows[1].after!)).toMatchObject({ ewb: { ewbNo: '341012345699' } });
    expect(squash(pdfText((await api.post('/api/common/showpdf', { billtype: 'taxinvoice', billno: 1 })).rawPayload))).toContain('3410 1234 5699');
  });

  it('refuses a document more than 180 days old (the 2025 rule), counting to the day the file is made', async () => {
    await seed();
    await api.post('/api/gst/saveprofile', gstProfile());
    await setClientPlace(api, 'Kaveri Agro Industries', 'Bengaluru', '560068');
    const taxinvoice = api.registry.byType('taxinvoice')!;
    const product = [line(1, 'Fuel injection pump', '8413', '18', '1', '1000', '1000.00')];
    // 2 June to 29 November: 28 + 31 + 31 + 30 + 31 + 29 = 180 days, the last day allowed; 1 June is 181.
    expect((await api.save(taxinvoice, 51, { ...KAVERI, ...ROAD, date: '2026-06-02', product })).statusCode).toBe(200);
    expect((await api.save(taxinvoice, 52, { ...KAVERI, ...ROAD, date: '2026-06-01', product })).statusCode).toBe(200);
    const inTime = await ewaybill(api, [{ billtype: 'taxinvoice', billno: 51 }]);
    expect(inTime.statusCode, inTime.body).toBe(200);
    expectValidBulkFile(jsonOf(inTime));
    const late = await ewaybill(api, [{ billtype: 'taxinvoice', billno: 51 }, { billtype: 'taxinvoice', billno: 52 }]);
    expect({ status: late.statusCode, msg: jsonOf(late).msg }).toEqual({
      status: 400,
      msg: 'Invoice No. 52 is 181 days old: the portal makes no e-way bill for a document more than 180 days old.',
    });
  });
});
