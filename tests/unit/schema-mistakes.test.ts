import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generateFromDir } from '../../scripts/generate';
import { SchemaError, type Registry } from '../../src/engine/core';
import { loadRegistry, SCHEMAS_DIR } from '../../src/server/schema-files';

/**
 * Each maintainer's mistake, fed to `npm run gen` on a copy of schemas/: it must exit non-zero with a
 * message alone (no stack trace) naming the file to open and the key to fix.
 */
type Json = any;
type Edit = (dir: string) => void;

const read = (dir: string, file: string): Json => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const edit = (file: string, change: (json: Json) => void): Edit => (dir) => {
  const json = read(dir, file);
  change(json);
  writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
};
/** A new file, newer than every copied one (the registry blames the file added last). */
const add = (file: string, make: (dir: string) => Json): Edit => (dir) => {
  writeFileSync(join(dir, file), JSON.stringify(make(dir), null, 2));
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(dir, file), later, later);
};
const copyOf = (file: string, change: (json: Json) => void) => (dir: string) => {
  const json = read(dir, file);
  change(json);
  return json;
};

const MISTAKES: Array<[what: string, mistake: Edit, file: string, ...says: string[]]> = [
  ['a misspelt field keyword', edit('parts/goods-line.json', (j) => (j.properties.qty['x-widgt'] = 'number')), 'parts/goods-line.json', 'field `qty`', '`x-widgt`', 'did you mean `x-widget`?'],
  ['a misspelt PDF title keyword', edit('parts/tax-goods-line.json', (j) => (j.properties.hsn['x-pdfTitel'] = 'HSN')), 'parts/tax-goods-line.json', 'field `hsn`', '`x-pdfTitel`', 'did you mean `x-pdfTitle`?'],
  ['an x- keyword nobody knows', edit('parts/client.json', (j) => (j.properties.clientname['x-colour'] = 'red')), 'parts/client.json', '`x-colour` is not a known x- keyword'],
  ['an unknown x-block', edit('parts/dispatch-details.json', (j) => (j['x-block'] = 'shipping')), 'parts/dispatch-details.json', '`x-block` is "shipping"', '"client", "details", "dispatch"'],
  ['an unknown widget', edit('parts/goods-line.json', (j) => (j.properties.rate['x-widget'] = 'numeric')), 'parts/goods-line.json', 'field `rate`', '"text", "textarea", "number", "date", "select"'],
  ['an unknown role', edit('parts/client.json', (j) => (j.properties.clientaddress['x-role'] = 'clientPhone')), 'parts/client.json', 'field `clientaddress`', '`x-role` is "clientPhone"', '"clientGstin"'],
  ['a list column without a title', edit('parts/client.json', (j) => delete j.properties.clientname['x-listColumn'].title), 'parts/client.json', 'field `clientname`', '`x-listColumn` lacks the required key `title`'],
  ['a product of a field that is not there', edit('parts/goods-line.json', (j) => (j.properties.amount['x-productOf'] = ['qty', 'price'])), 'parts/goods-line.json', 'field `amount`', '`x-productOf` names `price`'],
  ['a product of a misspelt field', edit('parts/goods-line.json', (j) => (j.properties.amount['x-productOf'] = ['qty', 'rat'])), 'parts/goods-line.json', '`rat`', 'did you mean `rate`?'],
  ['a product of one field', edit('parts/goods-line.json', (j) => (j.properties.amount['x-productOf'] = ['qty'])), 'parts/goods-line.json', 'field `amount`', '`x-productOf`'],
  ['a discount with no computed amount', edit('parts/service.json', (j) => (j.properties.discount = { $ref: 'types.json#/definitions/percent', 'x-discount': true })), 'parts/service.json', 'field `discount`', '`x-discount`', '`x-productOf`'],
  ['a display order naming an unknown field', edit('parts/tax-goods-line.json', (j) => j['x-order'].push('colour')), 'parts/tax-goods-line.json', '`x-order` names `colour`'],
  ['a check order naming a misspelt field', edit('parts/tax-goods-line.json', (j) => j['x-checkOrder'].push('hsm')), 'parts/tax-goods-line.json', '`x-checkOrder` names `hsm`', 'did you mean `hsn`?'],
  ['a required field without a message in a part', edit('parts/client.json', (j) => delete j.properties.clientname['x-message']), 'parts/client.json', 'field `clientname` is required but has no `x-message`'],
  ['an empty message', edit('parts/client.json', (j) => (j.properties.clientname['x-message'] = '')), 'parts/client.json', 'field `clientname`', '`x-message`'],
  ['a misspelt JSON Schema keyword', edit('parts/client.json', (j) => (j.properties.clientname.maxLenght = 10)), 'parts/client.json', 'field `clientname`', '`maxLenght` is not a JSON Schema keyword', 'did you mean `maxLength`?'],
  ['a JSON Schema keyword with a wrong value', edit('parts/client.json', (j) => (j.properties.clientname.maxLength = '10')), 'parts/client.json', 'field `clientname`', '`maxLength` must be a whole number'],
  ['an unknown type', edit('parts/goods-line.json', (j) => (j.properties.per.type = 'strng')), 'parts/goods-line.json', 'field `per`', '`type` must be one of string'],
  ['a broken pattern', edit('parts/goods-line.json', (j) => (j.properties.per.pattern = '[a-')), 'parts/goods-line.json', 'field `per`', '`pattern` must be a valid regular expression'],
  ['a misspelt x-bill key', edit('bills/quotation.json', (j) => { j['x-bill'].convertTo = j['x-bill'].convertsTo; delete j['x-bill'].convertsTo; }), 'bills/quotation.json', '`convertTo` is not an `x-bill` key; did you mean `convertsTo`?'],
  ['a misspelt x-bill.pdf key', edit('bills/invoice.json', (j) => (j['x-bill'].pdf.numberLable = 'No.')), 'bills/invoice.json', '`numberLable` is not an `x-bill.pdf` key; did you mean `numberLabel`?'],
  ['an unknown line shape', edit('bills/service.json', (j) => (j['x-bill'].lines = 'rows')), 'bills/service.json', '`x-bill.lines` is "rows"', 'allowed values: "goods", "service"'],
  ['a missing x-bill key', edit('bills/invoice.json', (j) => delete j['x-bill'].successMessage), 'bills/invoice.json', '`x-bill` lacks the required key `successMessage`'],
  ['a misspelt bill file key', edit('bills/invoice.json', (j) => (j.allof = j.allOf)), 'bills/invoice.json', '`allof` is not a JSON Schema keyword; did you mean `allOf`?'],
  ['a copied bill that kept its type', add('bills/proformainvoice.json', copyOf('bills/invoice.json', (j) => (j['x-bill'].route = 'proformabill'))), 'bills/proformainvoice.json', 'type `invoice` is already used by schemas/bills/invoice.json'],
  ['a new bill whose route is taken', add('bills/abc.json', copyOf('bills/invoice.json', (j) => { j['x-bill'].type = 'abc'; j.title = 'AbcBill'; })), 'bills/abc.json', 'route `alfadiesel/invoicebill` is already used by schemas/bills/invoice.json'],
  ['a new bill whose title is taken', add('bills/abc.json', copyOf('bills/invoice.json', (j) => { j['x-bill'].type = 'abc'; j['x-bill'].route = 'abcbill'; })), 'bills/abc.json', 'title `InvoiceBill` is already used by schemas/bills/invoice.json'],
  ['a header field in no block', (dir) => {
    add('parts/unplaced.json', () => ({ type: 'object', properties: { vehicleno: { $ref: 'types.json#/definitions/optionalText', title: 'Vehicle No.' } } }))(dir);
    edit('bills/invoice.json', (j) => j.allOf.push({ $ref: '../parts/unplaced.json' }))(dir);
  }, 'bills/invoice.json', 'field `vehicleno` is in no header block', '`x-block`'],
  ['an unpriced document with an amount', edit('bills/invoice.json', (j) => (j['x-bill'].priced = false)), 'bills/invoice.json', 'x-bill.priced is false but field `amount` is an amount'],
  ['convert texts on a type that does not convert', edit('bills/invoice.json', (j) => (j['x-bill'].convert = { title: 'Convert' })), 'bills/invoice.json', 'x-bill.convert is set but x-bill.convertsTo is not'],
  ['two GST sales series with one series', edit('bills/taxservice.json', (j) => delete j['x-bill'].series), 'bills/taxservice.json', 'x-bill.series "{n}" is also schemas/bills/taxinvoice.json\'s', 'GSTR-1 needs invoice numbers unique in a year'],
  ['a series the portal refuses', edit('bills/taxservice.json', (j) => (j['x-bill'].series = 'S 1/{n}')), 'bills/taxservice.json', 'would print "S 1/1"', 'at most 16 capital letters'],
  ['a series that pads a leading 0', edit('bills/taxservice.json', (j) => (j['x-bill'].series = '{n:4}')), 'bills/taxservice.json', 'would print "0001"'],
  ['a series longer than 16 at 9,999 bills', edit('bills/taxservice.json', (j) => (j['x-bill'].series = 'SERVICE/{fy}/{n:5}')), 'bills/taxservice.json', 'would print "SERVICE/26-27/00001"'],
  ['a series without the counter', edit('bills/taxservice.json', (j) => (j['x-bill'].series = 'S/{fy}')), 'bills/taxservice.json', 'needs the counter {n}'],
  ['a conversion to nowhere', edit('bills/quotation.json', (j) => (j['x-bill'].convertsTo = 'receipt')), 'bills/quotation.json', 'x-bill.convertsTo "receipt" is not a bill type'],
  ['an unregistered-buyer bill that does not exist', edit('bills/taxinvoice.json', (j) => (j['x-bill'].unregisteredAs = 'walkin')), 'bills/taxinvoice.json', 'x-bill.unregisteredAs "walkin" is not a bill type'],
  ['an unregistered-buyer bill of other lines', edit('bills/taxinvoice.json', (j) => (j['x-bill'].unregisteredAs = 'b2cservice')), 'bills/taxinvoice.json', 'x-bill.unregisteredAs "b2cservice" must be a bill of the same unit and line shape without a GSTIN field'],
  ['an unregistered-buyer bill with a GSTIN', edit('bills/taxservice.json', (j) => (j['x-bill'].unregisteredAs = 'taxservice')), 'bills/taxservice.json', 'x-bill.unregisteredAs "taxservice" must be a bill of the same unit and line shape without a GSTIN field'],
  ['a note against a quotation', edit('bills/creditnote.json', (j) => (j['x-bill'].note.against = ['taxquotation'])), 'bills/creditnote.json', 'x-bill.note.against "taxquotation" must be a sales tax bill type of unit gst'],
  ['a note counted as sales', edit('bills/debitnote.json', (j) => (j['x-bill'].kind = 'sale')), 'bills/debitnote.json', 'x-bill.note is for a credit or debit note, but x-bill.kind is "sale"'],
  ['a note that names no bills it corrects', edit('bills/creditnote.json', (j) => delete j['x-bill'].note), 'bills/creditnote.json', 'x-bill.kind "creditNote" needs x-bill.note {against, againstLabel}'],
  ['advance rules on a bill without GST', edit('bills/invoice.json', (j) => (j['x-bill'].advanceTax = true)), 'bills/invoice.json', 'x-bill.advanceTax is for a tax bill (x-bill.tax)'],
  ['an amounts-include-tax choice outside its values', edit('parts/advance-details.json', (j) => (j.properties.amounts['x-taxIncludedWhen'] = 'inclusive')), 'bills/receiptvoucher.json', 'amounts: x-taxIncludedWhen "inclusive" is not one of its enum values'],
  ['an amounts-include-tax choice on a bill without advance rules', edit('bills/receiptvoucher.json', (j) => delete j['x-bill'].advanceTax), 'bills/receiptvoucher.json', 'amounts: x-taxIncludedWhen needs x-bill.advanceTax and one such field'],
  ['a refund without the advances it returns', edit('bills/refundvoucher.json', (j) => delete j['x-bill'].refund), 'bills/refundvoucher.json', 'x-bill.kind "refund" needs x-bill.refund {against, againstLabel}'],
  ['a refund of a sales bill', edit('bills/refundvoucher.json', (j) => (j['x-bill'].refund.against = ['taxinvoice'])), 'bills/refundvoucher.json', 'x-bill.refund.against "taxinvoice" must be a receipt type with GST of unit gst'],
  ['a note of a bill without GST', edit('bills/invoice.json', (j) => Object.assign(j['x-bill'], { kind: 'debitNote', note: { against: ['taxinvoice'], againstLabel: 'Against {number}' } })), 'bills/invoice.json', 'x-bill.kind "debitNote" is for a tax bill (x-bill.tax)'],
  ['a stocked service catalog', edit('catalogs.json', (j) => (j.catalogs.taxservice.stock = true)), 'bills/taxservice.json', 'x-catalog "taxservice" is stocked', 'only goods lines are stocked, not service lines'],
  ['a kind nobody knows', edit('bills/taxservice.json', (j) => (j['x-bill'].kind = 'proforma')), 'bills/taxservice.json', '`x-bill.kind` is "proforma"', '"sale", "nonSale", "creditNote", "debitNote", "receipt"'],
  ['the old sales flag', edit('bills/taxservice.json', (j) => (j['x-bill'].countsAsSales = true)), 'bills/taxservice.json', '`countsAsSales` is not an `x-bill` key'],
  ['a receipt without amounts', add('bills/receipt.json', copyOf('bills/invoice.json', (j) => Object.assign(j['x-bill'], { type: 'receipt', route: 'receipt', kind: 'receipt', priced: false }) && (j.title = 'ReceiptBill'))), 'bills/receipt.json', 'x-bill.kind "receipt" is a receipt of money: x-bill.priced cannot be false'],
  ['an unregistered-buyer offer on a bill without a GSTIN', edit('bills/b2cinvoice.json', (j) => (j['x-bill'].unregisteredAs = 'b2cinvoice')), 'bills/b2cinvoice.json', 'x-bill.unregisteredAs is set but this bill has no field with x-role "clientGstin"'],
  ['a misspelt units.json key', edit('units.json', (j) => (j.units[0].menuLable = 'Alfa')), 'units.json', '`menuLable` is not an `units[0]` key; did you mean `menuLabel`?'],
  ['options the server does not hold to (no enum)', edit('parts/note-details.json', (j) => delete j.properties.reason.enum), 'parts/note-details.json', 'field `reason`', '`x-options` without an `enum` lets the server store any value', '"x-openOptions": true'],
  ['an option outside its enum', edit('parts/note-details.json', (j) => j.properties.reason['x-options'].push({ label: 'Because', value: 'Because' })), 'parts/note-details.json', 'field `reason`', 'option value "Because"', 'not in its `enum`'],
  ['a list column on a field the list does not return', edit('parts/dispatch-details.json', (j) => (j.properties.destination['x-listColumn'] = { order: 4, title: 'Destination' })), 'parts/dispatch-details.json', 'field `destination`', '`x-listColumn` on a field the bill list does not return', '"billNumber", "billDate", "clientName"'],
  ['a letterhead GSTIN with a wrong check character', edit('units.json', (j) => (j.units[1].letterhead.gstin = '27AAAAA0000A1Z3')), 'units.json', 'units[1].letterhead.gstin "27AAAAA0000A1Z3"', 'its check character is "3", the first 14 characters give "2"'],
  ['a letterhead GSTIN that is no GSTIN', edit('units.json', (j) => (j.units[0].letterhead.gstin = '27AAAAA0000A1X2')), 'units.json', 'units[0].letterhead.gstin "27AAAAA0000A1X2"', 'it is not a GSTIN'],
  ['a letterhead state code that contradicts its GSTIN', edit('units.json', (j) => (j.units[0].letterhead.stateCode = '29')), 'units.json', 'units[0].letterhead.stateCode "29" contradicts its gstin "27AAAAA0000A1Z2"', 'state 27 (Maharashtra)'],
  ['taking back a keyword the field does not inherit', edit('parts/tax-goods-line.json', (j) => (j.properties.per['x-unset'] = ['x-chek'])), 'parts/tax-goods-line.json', 'field `per`', '`x-unset` names `x-chek`, which it does not inherit', '`x-options`'],
  ['a whole number without its upper bound', edit('parts/types.json', (j) => (j.definitions.billNumber['x-wholeNumber'] = { from: 1 })), 'parts/types.json', 'definition `billNumber`', '`x-wholeNumber` lacks the required key `to`'],
  ['invalid JSON', (dir) => writeFileSync(join(dir, 'parts/client.json'), '{\n  "type": "object",\n  "properties": {\n    "a": 1,\n  }\n}\n'), 'parts/client.json', 'is not valid JSON', 'at line 5, column 3'],
];

/** What `npm run gen` does with a schemas folder, in this process: its message, or "" when it passes. */
async function genMessage(dir: string): Promise<string> {
  try {
    await generateFromDir(dir);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaError);
    return (error as Error).message;
  }
}

describe('each schema mistake is refused with its file and key named', () => {
  it.each(MISTAKES)('%s', async (_, mistake, file, ...says) => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-mistake-'));
    try {
      cpSync(SCHEMAS_DIR, dir, { recursive: true });
      mistake(dir);
      const message = await genMessage(dir);
      expect(message.startsWith(`schemas/${file}: `), message).toBe(true);
      for (const words of says) expect(message).toContain(words);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('passes the schema files as they are', async () => {
    expect(await genMessage(SCHEMAS_DIR)).toBe('');
  });
});

function runGen(dir: string): Promise<{ code: number; output: string }> {
  return promisify(execFile)('npm', ['run', '--silent', 'gen', '--', '--schemas', dir, '--check']).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
  );
}

/** A few of them through the real command: the message alone on stderr, no stack trace, exit code 1. */
describe('npm run gen --check', () => {
  const byName = (what: string) => MISTAKES.find(([name]) => name === what)!;
  it.each(['a misspelt field keyword', 'invalid JSON', 'a copied bill that kept its type'])('%s', { timeout: 60_000 }, async (what) => {
    const [, mistake, file, ...says] = byName(what);
    const dir = mkdtempSync(join(tmpdir(), 'schemas-mistake-'));
    try {
      cpSync(SCHEMAS_DIR, dir, { recursive: true });
      mistake(dir);
      const { code, output } = await runGen(dir);
      const lines = output.trim().split('\n').filter((line) => !/^npm warn/i.test(line));
      expect(code).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^schemas/${file.replace('.', '\\.')}: `));
      for (const words of says) expect(lines[0]).toContain(words);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

/** The keywords that spare a maintainer a copy or a message per check, read by the registry over a copy of schemas/. */
describe('keywords a refinement and a number field use', () => {
  const registryAfter = (change: Edit) => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-keywords-'));
    try {
      cpSync(SCHEMAS_DIR, dir, { recursive: true });
      change(dir);
      return loadRegistry(dir);
    } finally {
      rmSync(dir, { recursive: true });
    }
  };
  const taxLine = (registry: Registry) => registry.byType('taxinvoice')!.rowsField.rows!;

  it('x-unset takes back an inherited check, and "required" on an object replaces the inherited list', () => {
    const registry = registryAfter(edit('parts/tax-goods-line.json', (j) => {
      j.properties.qty = { 'x-unset': ['x-check'] };
      j['x-unset'] = ['required'];
      j.required = ['goods', 'qty', 'rate', 'amount', 'hsn', 'taxrate'];
    }));
    expect(taxLine(registry).byName.qty.check).toBeUndefined();
    expect(taxLine(registry).byName.qty.message).toBe('Please provide Quantity of product at Sr. No. {n}.');
    expect(taxLine(registry).byName.per.required).toBe(false);
    expect(taxLine(registry).byName.goods.required).toBe(true);
    // The goods line it refines keeps both.
    const plainLine = registry.byType('invoice')!.rowsField.rows!;
    expect(plainLine.byName.qty.check?.rule).toBe('positive');
    expect(plainLine.byName.per.required).toBe(true);
    const unchanged = registryAfter(() => undefined);
    expect(taxLine(unchanged).byName.qty.check?.rule).toBe('positive');
    expect(taxLine(unchanged).byName.per.required).toBe(true);
  });

  it('x-wholeNumber is an integer in its range with one message, named by the field', () => {
    const registry = registryAfter(() => undefined);
    const invoiceNo = registry.byType('invoice')!.roles.billNumber;
    const stored = (registry.byType('invoice')!.validationSchema.properties as Record<string, Record<string, unknown>>).invoiceno;
    expect(stored).toMatchObject({ type: 'integer', minimum: 1, maximum: 999_999_999 });
    for (const keyword of ['type', 'pattern', 'minimum', 'maximum']) {
      expect(invoiceNo.messages[keyword]).toBe('Invoice No. must be a whole number from 1 to 999,999,999.');
    }
    expect(registry.byType('creditnote')!.roles.billNumber.messages.minimum).toBe('Credit Note No. must be a whole number from 1 to 999,999,999.');
    const narrowed = registryAfter(edit('parts/types.json', (j) => (j.definitions.billNumber['x-wholeNumber'] = { from: 1, to: 9999 })));
    expect(narrowed.byType('invoice')!.roles.billNumber.messages.maximum).toBe('Invoice No. must be a whole number from 1 to 9,999.');
  });
});
