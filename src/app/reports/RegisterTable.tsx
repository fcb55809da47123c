import { formatIndian, type RegistryIndex } from '../../engine/core';
import type { SalesRegister } from '../api/reports-api';
import { displayDate } from '../bills/format-date';

/** Rows drawn on screen; the downloads hold all of them. */
const SHOWN_ROWS = 500;

/** The number as printed ("S/2"; servers before issue 26 sent only the bare number). */
const printedNo = (row: { billno: number } & Record<string, unknown>) => String(row.printedno ?? row.billno);

/**
 * The sales register on screen: bill type, number as printed, date, client, GSTIN ("Unregistered" on a GST bill
 * to a buyer without one), then the money columns; cancelled (deleted) bills after the live ones, marked so.
 */
export function RegisterTable({ registry, register }: { registry: RegistryIndex; register: SalesRegister }) {
  const sample = registry.billTypes[0];
  const dateKey = sample.roles.billDate.name;
  const nameKey = sample.roles.clientName.name;
  const gstinKey = registry.billTypes.find((b) => b.roles.clientGstin)?.roles.clientGstin?.name;
  const money = (value: number) => formatIndian(value);
  const rows = register.rows.slice(0, SHOWN_ROWS);
  return (
    // Ten columns scroll sideways inside their box on a phone: a keyboard reaches that scrolling by focusing the box.
    <div className="table-scroll" role="region" aria-label="Sales register" tabIndex={0}>
      <table className="bill-table report-table">
        <caption className="visually-hidden">Sales register</caption>
        <thead>
          <tr>
            <th scope="col">Bill Type</th>
            <th scope="col">Bill No.</th>
            <th scope="col">Date</th>
            <th scope="col">Client</th>
            <th scope="col">GSTIN</th>
            <th scope="col" className="num">Taxable</th>
            <th scope="col" className="num">CGST</th>
            <th scope="col" className="num">SGST</th>
            <th scope="col" className="num">IGST</th>
            <th scope="col" className="num">Total</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.billtype}-${row.billno}`}>
              <td>{registry.byType(row.billtype)?.menuLabel ?? row.billtype}</td>
              <td>{printedNo(row)}</td>
              <td>{displayDate(String(row[dateKey] ?? ''))}</td>
              <td className="wrap">{String(row[nameKey] ?? '')}</td>
              <td>{gstinKey ? String(row[gstinKey] || (registry.byType(row.billtype)?.tax ? 'Unregistered' : '')) : ''}</td>
              <td className="num">{money(row.taxable)}</td>
              <td className="num">{money(row.cgst)}</td>
              <td className="num">{money(row.sgst)}</td>
              <td className="num">{money(row.igst)}</td>
              <td className="num">{money(row.total)}</td>
            </tr>
          ))}
          {register.cancelled.map((bill) => (
            <tr key={`cancelled-${bill.billtype}-${bill.billno}`} className="report-cancelled">
              <td>{registry.byType(bill.billtype)?.menuLabel ?? bill.billtype}</td>
              <td>{printedNo(bill)}</td>
              <td>{displayDate(String(bill[dateKey] ?? ''))}</td>
              <td className="wrap">{String(bill[nameKey] ?? '')}</td>
              <td colSpan={6}>Cancelled</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={5}>
              Total ({register.rows.length} bills{register.cancelled.length ? `, ${register.cancelled.length} cancelled` : ''})
            </th>
            <td className="num">{money(register.totals.taxable)}</td>
            <td className="num">{money(register.totals.cgst)}</td>
            <td className="num">{money(register.totals.sgst)}</td>
            <td className="num">{money(register.totals.igst)}</td>
            <td className="num">{money(register.totals.total)}</td>
          </tr>
        </tfoot>
      </table>
      {register.rows.length > SHOWN_ROWS && (
        <p className="report-note">
          Showing the first {SHOWN_ROWS} of {register.rows.length} bills; the CSV and Excel files hold them all.
        </p>
      )}
    </div>
  );
}
