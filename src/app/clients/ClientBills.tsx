import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BILL_YEAR_KEY, formatIndian, PRINTED_NUMBER_KEY, type RegistryIndex } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import type { ClientBill } from '../api/clients-api';
import { displayDate } from '../bills/format-date';
import { otherYear } from '../bills/financial-years';
import { editRoute } from '../paths';
import { showErrorToast } from '../ui/toasts';

interface ClientBillsProps {
  registry: RegistryIndex;
  name: string;
  onClose(): void;
}

/** A client's bills across every bill type, newest first, each opening its own edit screen (getclientbills). */
export function ClientBills({ registry, name, onClose }: ClientBillsProps) {
  const { clients: api } = useApi();
  const id = useId();
  const [bills, setBills] = useState<ClientBill[] | null>(null);
  const sectionRef = useRef<HTMLElement>(null);

  // Asked for from a row far up the list: the bills come into view below it.
  useEffect(() => {
    sectionRef.current?.scrollIntoView({ block: 'nearest' });
  }, [name, bills]);

  useEffect(() => {
    let current = true;
    setBills(null);
    api.bills(name).then(
      (answer) => current && setBills(answer),
      (error: Error) => current && showErrorToast(error.message),
    );
    return () => {
      current = false;
    };
  }, [api, name]);

  return (
    <section ref={sectionRef} className="client-bills" aria-labelledby={`${id}-title`}>
      <div className="list-heading">
        <h2 id={`${id}-title`}>Bills of {name}</h2>
        <button type="button" className="button button--plain" onClick={onClose}>
          Close
        </button>
      </div>
      {bills === null && <p className="list-loading">Please Wait</p>}
      {bills?.length === 0 && <p className="empty-state">No bills name {name} yet.</p>}
      {bills && bills.length > 0 && (
        <div className="table-scroll">
          <table className="bill-table">
            <caption className="visually-hidden">Bills of {name}</caption>
            <thead>
              <tr>
                <th scope="col">Bill</th>
                <th scope="col">Bill No.</th>
                <th scope="col">Date</th>
                <th scope="col" className="col-grandtotal">Total</th>
                <th scope="col">Open</th>
              </tr>
            </thead>
            <tbody>
              {bills.map((bill) => {
                const billType = registry.byType(bill.billtype);
                if (!billType) return null;
                return (
                  <tr key={`${bill.billtype}-${String(bill[BILL_YEAR_KEY] ?? '')}-${bill.billno}`}>
                    <td>{billType.menuLabel}</td>
                    <td className="col-billno">{String(bill[PRINTED_NUMBER_KEY] ?? bill.billno)}</td>
                    <td>{displayDate(String(bill[billType.roles.billDate.name] ?? ''))}</td>
                    <td className="col-grandtotal">{billType.priced ? `₹ ${formatIndian(bill.total)}` : '—'}</td>
                    <td>
                      <Link
                        className="button button--small"
                        to={editRoute(billType, bill.billno, otherYear(bill[BILL_YEAR_KEY]))}
                        aria-label={`Open ${billType.menuLabel} No. ${String(bill[PRINTED_NUMBER_KEY] ?? bill.billno)}`}
                      >
                        Open
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
