import { Link } from 'react-router-dom';
import { financialYearLabel, type RegistryIndex } from '../../engine/core';
import { displayDate } from '../bills/format-date';
import { editRoute } from '../paths';
import type { ContractCycleRow } from './contracts-api';
import { CYCLE_STATUS, rupees } from './contract-words';

/** A contract's cycles (issue 47): dates, where each stands, the invoice raised and what of it is paid. */
export function ContractCycles({ registry, cycles }: { registry: RegistryIndex; cycles: ContractCycleRow[] }) {
  return (
    <div className="table-scroll">
      <table className="bill-table card-table contract-cycles">
        <caption>Cycles</caption>
        <thead>
          <tr>
            <th scope="col">Cycle</th>
            <th scope="col">Period</th>
            <th scope="col">Due</th>
            <th scope="col">Status</th>
            <th scope="col">Invoice</th>
            <th scope="col" className="figure">
              Total
            </th>
            <th scope="col">Paid</th>
          </tr>
        </thead>
        <tbody>
          {cycles.map((cycle) => {
            const bill = cycle.bill;
            const billType = bill && registry.byType(bill.billtype);
            return (
              <tr key={cycle.cycle}>
                <th scope="row" className="card-value" data-label="Cycle">
                  {cycle.cycle}
                </th>
                <td className="card-value" data-label="Period">
                  {displayDate(cycle.from)} – {displayDate(cycle.to)}
                </td>
                <td className="card-value" data-label="Due">
                  {displayDate(cycle.due)}
                </td>
                <td className="card-value" data-label="Status">
                  {CYCLE_STATUS[cycle.status]}
                </td>
                <td className="card-value" data-label="Invoice">
                  {bill && billType ? <Link to={editRoute(billType, bill.billno, financialYearLabel(bill.fy))}>{bill.printedno}</Link> : ''}
                  {bill && ` (${displayDate(bill.date)})`}
                </td>
                <td className="figure card-value" data-label="Total">
                  {bill?.total === undefined ? '' : rupees(bill.total)}
                </td>
                <td className="card-value" data-label="Paid">
                  {bill?.paid === undefined ? '' : `${rupees(bill.paid)}${bill.status ? ` · ${bill.status}` : ''}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
