import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../reports/exceljs';
import type { TallyVoucher } from '../../engine/core';

/** One row per ledger entry (a cancelled voucher one row of its own), the columns TallyPrime 4's Excel import maps. */
const COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'Voucher Type', key: 'type', width: 14 },
  { header: 'Date', key: 'date', width: 12, style: { numFmt: 'dd-mm-yyyy' } },
  { header: 'Voucher No.', key: 'number', width: 16 },
  { header: 'Party Ledger', key: 'party', width: 30 },
  { header: 'Party GSTIN', key: 'gstin', width: 17 },
  { header: 'Place of Supply', key: 'pos', width: 18 },
  { header: 'Ledger', key: 'ledger', width: 24 },
  { header: 'Dr/Cr', key: 'side', width: 7 },
  { header: 'Amount', key: 'amount', width: 14, style: { numFmt: '0.00' } },
  { header: 'Bill Reference', key: 'bill', width: 16 },
  { header: 'Bill Type', key: 'billType', width: 10 },
  { header: 'Cancelled', key: 'cancelled', width: 10 },
];

/** yyyymmdd as the spreadsheet's date (midnight UTC, which exceljs writes as the plain day). */
const asDate = (day: string) => new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T00:00:00Z`);

/**
 * The same vouchers as the XML, as an Excel workbook: Dr/Cr and the amount without Tally's sign, so the sheet reads
 * as the accountant writes an entry.
 */
export async function tallyXlsx(vouchers: TallyVoucher[]): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  const sheet = workbook.addWorksheet('Vouchers', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  for (const v of vouchers) {
    const head = { type: v.voucherType, date: asDate(v.date), number: v.number, party: v.party, gstin: v.partyGstin, pos: v.placeOfSupply, cancelled: v.cancelled ? 'Yes' : 'No' };
    if (v.entries.length === 0) sheet.addRow(head);
    for (const entry of v.entries) {
      const amount = Number(entry.amount);
      const bills = entry.bills ?? [];
      sheet.addRow({
        ...head,
        ledger: entry.ledger,
        side: entry.deemedPositive ? 'Dr' : 'Cr',
        amount: Math.abs(amount),
        bill: bills.map((b) => b.name).join(', '),
        billType: [...new Set(bills.map((b) => b.type))].join(', '),
      });
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
