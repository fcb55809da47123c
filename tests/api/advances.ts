type Json = any;

/** The client of the advance tests, with a GSTIN of Maharashtra (27), the seller's state. */
export const ADVANCE_CLIENT = { clientname: 'Shree Ganesh Transport', clientaddress: 'Plot 7, MIDC, Taloja, Navi Mumbai 410208', gstno: '27AAPFU0939F1ZV' };
/** One line of a receipt voucher: an advance for a service (SAC 9987) unless another code is given. */
export const overhaul = (amount: string, hsn = '9987', taxrate: string | undefined = '18') =>
  [{ srno: 1, description: 'Advance for engine overhaul', hsn, ...(taxrate === undefined ? {} : { taxrate }), amount }];

/** A receipt voucher's create body: 10 April 2026, ₹11,800 including tax, within the state, unless overridden. */
export const voucher = (invoiceno: number, overrides: Json = {}) => ({
  method: 'create', type: 'receiptvoucher', invoiceno, date: '2026-04-10', ...ADVANCE_CLIENT, placeofsupply: '27',
  amounts: 'include', mode: 'bank', reference: 'UTR 4471', product: overhaul('11800'), ...overrides,
});


/** A Tax Invoice Bill's lines: `qty` pumps at `rate`, HSN 8413 at 18 %. */
export const pumps = (qty: string, rate: string, amount: string) => [{ srno: 1, goods: 'Fuel injection pump', hsn: '8413', taxrate: '18', qty, rate, per: 'no', amount }];

/** A refund voucher's create body against receipt voucher `againstno`: 15 May 2026, ₹5,900 including tax, unless overridden. */
export const refund = (invoiceno: number, againstno: number, overrides: Json = {}) => ({
  ...voucher(invoiceno, { type: 'refundvoucher', againstno, date: '2026-05-15', mode: 'cheque', reference: 'Cheque 104', product: overhaul('5900') }),
  ...overrides,
});
