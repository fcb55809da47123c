import { useEffect, useId, useState } from 'react';
import { formatIndian, gstr1Totals, stateName, type Gstr3bRow } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import type { Gstr3bAnswer } from '../api/reports-api';
import { showErrorToast } from '../ui/toasts';

/** Table 3.1's rows in the return's order and words. */
const ROWS: [keyof Gstr3bAnswer['sup_details'], string][] = [
  ['osup_det', '(a) Outward taxable supplies'],
  ['osup_zero', '(b) Zero rated'],
  ['osup_nil_exmp', '(c) Nil rated, exempted'],
  ['isup_rev', '(d) Inward supplies, reverse charge'],
  ['osup_nongst', '(e) Non-GST outward supplies'],
];
const AMOUNTS: [keyof Gstr3bRow, string][] = [
  ['txval', 'Taxable value'],
  ['iamt', 'IGST'],
  ['camt', 'CGST'],
  ['samt', 'SGST'],
  ['csamt', 'Cess'],
];

const rupees = (value: number) => `₹ ${formatIndian(value)}`;

/** What GSTR-1 reports of the month equals 3.1(a) and (c) together; the amounts that differ, by label. */
function differences(gstr3b: Gstr3bAnswer, gstr1: Gstr3bRow): string[] {
  const { osup_det: taxed, osup_nil_exmp: nil } = gstr3b.sup_details;
  return AMOUNTS.filter(([key]) => Math.round((taxed[key] + nil[key]) * 100) !== Math.round(gstr1[key] * 100)).map(([, label]) => label);
}

/**
 * Issue 49: a month's GSTR-3B outward supplies (Tables 3.1 and 3.2) with the same month's GSTR-1 totals beside them,
 * so a difference shows before filing; and the 3B figures as a JSON file.
 */
export function Gstr3bSection({ unit, fp, onDownload }: { unit: string; fp: string; onDownload: (answer: Gstr3bAnswer) => void }) {
  const { reports } = useApi();
  const id = useId();
  const [answer, setAnswer] = useState<{ gstr3b: Gstr3bAnswer; gstr1: Gstr3bRow }>();

  useEffect(() => {
    const asked = new AbortController();
    setAnswer(undefined);
    reports
      .gstr3b(unit, fp, asked.signal)
      .then(({ gstr3b, gstr1 }) => !asked.signal.aborted && setAnswer({ gstr3b, gstr1: gstr1Totals(gstr1) }))
      .catch((error: Error) => !asked.signal.aborted && showErrorToast(error.message));
    return () => asked.abort();
  }, [reports, unit, fp]);

  const month = `${fp.slice(0, 2)}/${fp.slice(2)}`;
  if (!answer) return <p className="page-loading">Please Wait</p>;
  const { gstr3b, gstr1 } = answer;
  const differ = differences(gstr3b, gstr1);
  const places = gstr3b.inter_sup.unreg_details;
  return (
    <section className="gstr3b" aria-labelledby={`${id}-title`}>
      <div className="gstr3b__heading">
        <h2 id={`${id}-title`}>GSTR-3B · {month}</h2>
        <button type="button" className="button" onClick={() => onDownload(gstr3b)}>
          Download GSTR-3B JSON
        </button>
      </div>
      <p className={differ.length ? 'gstr3b__check gstr3b__check--differs' : 'gstr3b__check'} role="status">
        {differ.length ? `Differs from GSTR-1 in: ${differ.join(', ')}.` : 'Agrees with GSTR-1 of the month: 3.1 (a) and (c) together equal its totals.'}
      </p>
      <h3 id={`${id}-outward`}>3.1 Outward supplies, and GSTR-1 of the month</h3>
      <div className="gstr3b__scroll">
        <table className="gstr3b__table" aria-labelledby={`${id}-outward`}>
          <thead>
            <tr>
              <th scope="col">Nature of supplies</th>
              {AMOUNTS.map(([key, label]) => <th key={key} scope="col">{label}</th>)}
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([key, label]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                {AMOUNTS.map(([amount]) => <td key={amount}>{rupees(gstr3b.sup_details[key][amount])}</td>)}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">GSTR-1 totals (all sections, notes netted)</th>
              {AMOUNTS.map(([amount]) => <td key={amount}>{rupees(gstr1[amount])}</td>)}
            </tr>
          </tfoot>
        </table>
      </div>
      <h3 id={`${id}-inter`}>3.2 Inter-state supplies to unregistered persons</h3>
      <div className="gstr3b__scroll">
        <table className="gstr3b__table" aria-labelledby={`${id}-inter`}>
          <thead>
            <tr>
              <th scope="col">Place of supply</th>
              <th scope="col">Taxable value</th>
              <th scope="col">IGST</th>
            </tr>
          </thead>
          <tbody>
            {places.length === 0 && (
              <tr>
                <td colSpan={3} className="gstr3b__none">
                  None this month.
                </td>
              </tr>
            )}
            {places.map((row) => (
              <tr key={row.pos}>
                <th scope="row">{stateName(row.pos) ?? ''} ({row.pos})</th>
                <td>{rupees(row.txval)}</td>
                <td>{rupees(row.iamt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
