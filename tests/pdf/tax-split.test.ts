import { describe, expect, it } from 'vitest';
import { renderBillPdf } from '../../src/pdf';
import { loadRegistry } from '../../src/server/schema-files';
import { fixtureBill } from '../fixtures/bills/long-bill';
import { escapeRegExp, pdfText, squash } from './pdf-tools';

/** Figures worked out by hand from the fixtures (seller in Maharashtra, state code 27). */
const registry = loadRegistry();
const KARNATAKA_BUYER = '29AABCK5678L1ZU';

async function render(type: string, changes: Record<string, unknown> = {}) {
  const pdf = await renderBillPdf(registry.byType(type)!, { ...fixtureBill(type), ...changes });
  return { layout: pdfText(pdf), flow: squash(pdfText(pdf, 'flow')) };
}

const line = (...texts: string[]) => new RegExp(texts.map(escapeRegExp).join('[^\\n]*?'));

describe('GST on a tax invoice', () => {
  it('splits into CGST and SGST at half the rate each for a buyer in the seller state', async () => {
    const { layout, flow } = await render('taxinvoice');
    expect(flow).toContain('State Name: Maharashtra, Code: 27');
    expect(layout).toMatch(line('Sub Total', '43,351.00'));
    expect(layout).toMatch(line('CGST @ 9%', '3,226.50'));
    expect(layout).toMatch(line('SGST @ 9%', '3,226.50'));
    expect(layout).toMatch(line('CGST @ 14%', '1,050.14'));
    expect(layout).toMatch(line('SGST @ 14%', '1,050.14'));
    expect(layout).not.toMatch(/IGST|Integrated Tax/);
    expect(layout).toMatch(line('Round Off', '-0.28'));
    expect(layout).toMatch(line('Grand Total', '₹ 51,904.00'));
    expect(flow).toContain('Fifty One Thousand Nine Hundred Four Rupees Only');
    expect(layout).toMatch(line('Central Tax', 'State Tax', 'Total Tax Amount'));
    expect(layout).toMatch(line('84099112', '7,501.00', '14%', '1,050.14', '14%', '1,050.14', '2,100.28'));
    expect(layout).toMatch(line('Total', '43,351.00', '4,276.64', '4,276.64', '8,553.28'));
    expect(flow).toContain(
      'Tax Amount (in words): Eight Thousand Five Hundred Fifty Three Rupees and Twenty Eight Paise Only',
    );
  });

  it('charges IGST at the full rate for the same bill to a buyer in another state', async () => {
    const { layout, flow } = await render('taxinvoice', { gstno: KARNATAKA_BUYER });
    expect(flow).toContain('State Name: Karnataka, Code: 29');
    expect(layout).toMatch(line('IGST @ 18%', '6,453.00'));
    expect(layout).toMatch(line('IGST @ 28%', '2,100.28'));
    expect(layout).not.toMatch(/CGST|SGST|Central Tax|State Tax/);
    expect(layout).toMatch(line('Integrated Tax', 'Total Tax Amount'));
    expect(layout).toMatch(line('84099112', '7,501.00', '28%', '2,100.28', '2,100.28'));
    expect(layout).toMatch(line('Grand Total', '₹ 51,904.00'));
    expect(flow).toContain(
      'Tax Amount (in words): Eight Thousand Five Hundred Fifty Three Rupees and Twenty Eight Paise Only',
    );
  });

  it('charges IGST when the buyer GSTIN names no state', async () => {
    const { layout, flow } = await render('taxinvoice', { gstno: '99AAPFM1234K1Z2' });
    expect(layout).toMatch(line('IGST @ 18%', '6,453.00'));
    expect(flow).not.toContain('State Name: Maharashtra, Code: 27 GSTIN');
  });
});

describe('GST on the other tax documents', () => {
  it('tax quotation to Karnataka: IGST, round-off up by a paisa', async () => {
    const { layout, flow } = await render('taxquotation');
    expect(layout).toMatch(line('IGST @ 18%', '7,596.00'));
    expect(layout).toMatch(line('Round Off', '0.01'));
    expect(layout).toMatch(line('Grand Total', '₹ 49,796.00'));
    expect(flow).toContain('Forty Nine Thousand Seven Hundred Ninety Six Rupees Only');
  });

  it('tax service bill to Delhi: IGST per rate across products and services', async () => {
    const { layout, flow } = await render('taxservice');
    expect(flow).toContain('State Name: Delhi, Code: 07');
    expect(layout).toMatch(line('IGST @ 18%', '3,735.00'));
    expect(layout).toMatch(line('IGST @ 12%', '384.06'));
    expect(layout).toMatch(line('998714', '20,750.00', '18%', '3,735.00', '3,735.00'));
    expect(layout).toMatch(line('Round Off', '0.44'));
    expect(layout).toMatch(line('Grand Total', '₹ 28,070.00'));
    expect(flow).toContain('Twenty Eight Thousand Seventy Rupees Only');
    expect(flow).toContain('Tax Amount (in words): Four Thousand One Hundred Nineteen Rupees and Six Paise Only');
  });

  it('tax service quotation within Maharashtra: CGST and SGST', async () => {
    const { layout } = await render('taxservicequotation');
    expect(layout).toMatch(line('CGST @ 9%', '585.00'));
    expect(layout).toMatch(line('SGST @ 9%', '585.00'));
    expect(layout).toMatch(line('Round Off', '0.00'));
    expect(layout).toMatch(line('Grand Total', '₹ 7,670.00'));
  });

  it('plain invoice: no tax, rounded to the rupee in lakh grouping', async () => {
    const { layout, flow } = await render('invoice');
    expect(layout).toMatch(line('Sub Total', '1,29,776.50'));
    expect(layout).toMatch(line('Round Off', '0.50'));
    expect(layout).toMatch(line('Grand Total', '₹ 1,29,777.00'));
    expect(layout).toMatch(line('3', 'Complete rebuild', '1', '1,25,000', 'Nos', '1,25,000.00'));
    expect(flow).toContain('One Lakh Twenty Nine Thousand Seven Hundred Seventy Seven Rupees Only');
  });
});

describe('units of measure', () => {
  it('prints each Per value as the unit its option declares: no -> Nos, set -> Set, per -> Per', async () => {
    const { layout } = await render('taxinvoice');
    expect(layout).toMatch(line('Fuel Filter Element', '449.50', 'Nos', '4,495.00'));
    expect(layout).toMatch(line('Lubricating Oil', '310', 'Per', '6,355.00'));
    expect(layout).toMatch(line('12,500', 'Set', '25,000.00'));
    expect(layout).not.toMatch(/\s(no|set)\s+[\d,]+\.\d\d\s*$/m);
  });
});
