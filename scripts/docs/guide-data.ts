/**
 * What the guide's shop has on its books before a picture is taken: the clients, saved products and the
 * October bills that the payment, statement and month-end pictures show. Every date is fixed (GUIDE_TODAY is the
 * browser's "today"), so the pictures come out the same on every run.
 */

/** The browser's clock in every picture: the 10th, the day before GSTR-1 of last month is due. */
export const GUIDE_TODAY = new Date('2026-11-10T11:00:00+05:30');
/** The same day as the app's date inputs take it. */
export const GUIDE_TODAY_ISO = '2026-11-10';

/** Whoever signs in to the guide's shop (a fresh DATA_DIR's first operator). */
export interface GuideOperator {
  email: string;
  password: string;
}

/** The API as the signed-in operator calls it, for data that typing would make long. */
export interface GuideApi {
  post(path: string, body: object): Promise<void>;
}

export const KAVERI = {
  clientname: 'Kaveri Agro Industries',
  clientaddress: 'Plot 9, MIDC Industrial Area, Taloja, Navi Mumbai 410208',
  gstno: '27AAPFU0939F1ZV',
  phone: '9820012345',
  email: 'accounts@kaveri-agro.example',
};

export const SAHYADRI = {
  clientname: 'Sahyadri Transport Co.',
  clientaddress: '14, Pune-Bengaluru Highway, Satara 415001',
  gstno: '27AAACS1429B1ZV',
  phone: '9822098220',
  email: 'office@sahyadri-transport.example',
};

/** A farmer without a GSTIN, saved as a client: picking him on a Tax Invoice Bill offers the walk-in bill. */
export const RAMESH = {
  clientname: 'Ramesh Patil',
  clientaddress: 'At post Wai, Satara 412803',
};

const pump = { goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', per: 'no' };
const nozzles = { goods: 'Nozzle set', hsn: '8409', taxrate: '18', per: 'set' };

/** A GST goods line with its amount, as the create endpoint takes it. */
function line(srno: number, item: typeof pump, qty: number, rate: number) {
  return { srno, ...item, qty: String(qty), rate: String(rate), amount: String(qty * rate) };
}

/** October's two Tax Invoice Bills (Nos. 1 and 2), saved over the API as earlier days' work. */
export async function seedOctober(api: GuideApi): Promise<void> {
  for (const client of [KAVERI, SAHYADRI, RAMESH]) await api.post('/api/common/saveclient', client);
  await api.post('/api/common/savetaxproduct', { product: pump.goods, hsn: pump.hsn, taxrate: pump.taxrate });
  await api.post('/api/common/savetaxproduct', { product: nozzles.goods, hsn: nozzles.hsn, taxrate: nozzles.taxrate });
  const bill = (client: typeof KAVERI, invoiceno: number, date: string, product: object[]) =>
    api.post('/api/gst/createtaxbill', {
      method: 'create',
      type: 'taxinvoice',
      clientname: client.clientname,
      clientaddress: client.clientaddress,
      gstno: client.gstno,
      invoiceno,
      date,
      product,
    });
  await bill(KAVERI, 1, '2026-10-06', [line(1, pump, 1, 12500), line(2, nozzles, 2, 1800)]);
  await bill(SAHYADRI, 2, '2026-10-21', [line(1, nozzles, 4, 1800)]);
}

/** The lines typed on the guide's Tax Invoice Bill. */
export const TYPED_LINES = [line(1, pump, 1, 12500), line(2, nozzles, 1, 1800)];
