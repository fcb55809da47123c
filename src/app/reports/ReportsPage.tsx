import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { DayInput } from '../ui/DayInput';
import { financialYearOf, formatIndian, type Period, type RegistryIndex } from '../../engine/core';
import { hasEInvoice } from '../../engine/core/e-invoice';
import { hasEwayBill } from '../../engine/core/eway-bill';
import { useApi } from '../api/ApiContext';
import type { MonthSales, ReportDownload, SalesRegister } from '../api/reports-api';
import { paymentsSpec } from '../payments/payments-spec';
import { downloadBlob } from '../ui/download';
import { jsonBlob } from '../ui/json-file';
import { showErrorToast } from '../ui/toasts';
import { FiledPeriod } from './FiledPeriod';
import { Gstr3bSection } from './Gstr3bSection';
import { RegisterTable } from './RegisterTable';
import { localToday, PERIOD_CHOICES, pickedPeriod, returnPeriodOf, type PeriodPick } from './report-period';
import { useRememberedUnit } from './remembered-unit';

// recharts is large: it loads with the chart, on this screen only.
const SalesChart = lazy(() => import('./SalesChart'));
/** The TDS report's endpoint, when payments take TDS (payments.json `tds`). */
const tdsReport = paymentsSpec.tds && paymentsSpec.endpoints.tdsReport;

/** Units that file GST returns: a sales bill type of theirs charges GST. */
const filesGst = (registry: RegistryIndex, unit: string) =>
  registry.billTypes.some((b) => b.unit === unit && b.countsAsSales && b.tax);

function Totals({ register }: { register: SalesRegister }) {
  const figures = [
    ['Bills', String(register.rows.length)],
    ['Taxable value', `₹ ${formatIndian(register.totals.taxable)}`],
    ['CGST', `₹ ${formatIndian(register.totals.cgst)}`],
    ['SGST', `₹ ${formatIndian(register.totals.sgst)}`],
    ['IGST', `₹ ${formatIndian(register.totals.igst)}`],
    ['Total sales', `₹ ${formatIndian(register.totals.total)}`],
  ];
  return (
    <dl className="report-totals">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The Reports screen (issue 18): a unit and a period, the period's totals, sales by month of the financial
 * year, the sales register, and its downloads (CSV, Excel, and GSTR-1 JSON for a GST unit; issue 33: the period's
 * e-way bills and e-invoices as the portals' bulk uploads take them; issue 49: a Tally import file, and a month's
 * GSTR-3B beside GSTR-1's totals).
 */
export default function ReportsPage({ registry }: { registry: RegistryIndex }) {
  const { reports, eway } = useApi();
  const id = useId();
  const today = useMemo(localToday, []);
  const [unit, setUnit] = useRememberedUnit(registry);
  // The financial year first (issue 27): the register, totals and chart of the year so far.
  const [pick, setPick] = useState<PeriodPick>('financialYear');
  const [custom, setCustom] = useState<Period>(() => pickedPeriod('financialYear', { from: '', to: '' }, today));
  // The return just downloaded, offered to be marked as filed.
  const [downloaded, setDownloaded] = useState<{ unit: string; upto: string }>();
  // The audit chain's head the last GSTR-1 or register file was made at, for the operator to write down (issue 45).
  const [auditHead, setAuditHead] = useState<string>();
  const period = pickedPeriod(pick, custom, today);
  const [register, setRegister] = useState<SalesRegister | null>(null);
  const [months, setMonths] = useState<MonthSales[] | null>(null);
  const financialYear = financialYearOf(period.from || today);
  const returnPeriod = filesGst(registry, unit) ? returnPeriodOf(period) : undefined;
  const valid = Boolean(period.from && period.to && period.from <= period.to);

  // A question changed while its answer was being made is aborted: the server frees the operator's report slot.
  useEffect(() => {
    if (!valid) return;
    const asked = new AbortController();
    setRegister(null);
    reports
      .register(unit, period, asked.signal)
      .then((answer) => !asked.signal.aborted && setRegister(answer))
      .catch((error: Error) => !asked.signal.aborted && showErrorToast(error.message));
    return () => asked.abort();
    // The period is read by its two days: the object is made anew every render.
  }, [reports, unit, period.from, period.to, valid]);

  useEffect(() => {
    const asked = new AbortController();
    reports
      .salesByMonth(unit, financialYear, asked.signal)
      .then((answer) => !asked.signal.aborted && setMonths(answer))
      .catch((error: Error) => !asked.signal.aborted && showErrorToast(error.message));
    return () => asked.abort();
  }, [reports, unit, financialYear]);

  /** Downloads a report; true when it arrived. */
  const save = async (load: () => Promise<ReportDownload>) => {
    try {
      const { blob, fileName, auditHead: head } = await load();
      downloadBlob(blob, fileName);
      if (head) setAuditHead(head);
      return true;
    } catch (error) {
      showErrorToast((error as Error).message);
      return false;
    }
  };
  /** A portal's file of the period (e-way bills, e-invoices), named by its prefix, the unit and the period. */
  const periodFile = (prefix: string, load: () => Promise<unknown>) => async () => ({
    blob: jsonBlob(await load()),
    fileName: `${prefix}-${unit}-${period.from}-${period.to}.json`,
  });

  return (
    <section className="report-page" aria-labelledby={`${id}-title`}>
      <div className="list-heading">
        <h1 id={`${id}-title`}>Reports</h1>
      </div>
      <div className="list-toolbar">
        <label htmlFor={`${id}-unit`}>Unit</label>
        <select id={`${id}-unit`} value={unit} onChange={(event) => setUnit(event.target.value)}>
          {registry.units.map((u) => (
            <option key={u.slug} value={u.slug}>
              {u.menuLabel}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-period`}>Period</label>
        <select
          id={`${id}-period`}
          value={pick}
          onChange={(event) => {
            const next = event.target.value as PeriodPick;
            if (next === 'custom') setCustom(period);
            setPick(next);
          }}
        >
          {PERIOD_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        {pick === 'custom' && (
          <>
            <label htmlFor={`${id}-from`}>From</label>
            <DayInput id={`${id}-from`} className="list-date" value={custom.from} onChange={(from) => setCustom({ ...custom, from })} />
            <label htmlFor={`${id}-to`}>To</label>
            <DayInput id={`${id}-to`} className="list-date" value={custom.to} onChange={(to) => setCustom({ ...custom, to })} />
          </>
        )}
      </div>
      <div className="report-actions">
        <button type="button" className="button" disabled={!valid} onClick={() => save(() => reports.download(unit, 'csv', period))}>
          Download CSV
        </button>
        <button type="button" className="button" disabled={!valid} onClick={() => save(() => reports.download(unit, 'xlsx', period))}>
          Download Excel
        </button>
        {filesGst(registry, unit) && (
          <button
            type="button"
            className="button button--primary"
            disabled={!returnPeriod}
            title={returnPeriod ? undefined : 'GSTR-1 is for a whole month or a whole quarter'}
            onClick={() =>
              returnPeriod &&
              void save(() => reports.gstr1(unit, returnPeriod)).then((saved) => saved && setDownloaded({ unit, upto: period.to }))
            }
          >
            Download GSTR-1 JSON
          </button>
        )}
        {registry.billTypes.some((type) => type.unit === unit && (type.countsAsSales || type.note)) && (
          <>
            <button type="button" className="button" disabled={!valid} onClick={() => void save(() => reports.tally(unit, period, 'xml'))}>
              Download Tally XML
            </button>
            <button type="button" className="button" disabled={!valid} onClick={() => void save(() => reports.tally(unit, period, 'xlsx'))}>
              Download Tally Excel
            </button>
          </>
        )}
        {tdsReport && (
          <button type="button" className="button" disabled={!valid} onClick={() => void save(() => reports.tdsReport(unit, tdsReport, period))}>
            Download TDS CSV
          </button>
        )}
        {registry.billTypes.some((type) => type.unit === unit && hasEwayBill(type)) && (
          <button type="button" className="button" disabled={!valid} onClick={() => void save(periodFile('EWB', () => eway.ewayBillPeriod(unit, period)))}>
            Download E-Way Bill JSON
          </button>
        )}
        {registry.billTypes.some((type) => type.unit === unit && hasEInvoice(type)) && (
          <button type="button" className="button" disabled={!valid} onClick={() => void save(periodFile('EINV', () => eway.eInvoicePeriod(unit, period)))}>
            Download E-Invoice JSON
          </button>
        )}
      </div>
      {auditHead && (
        <p className="audit-head" role="status">
          Audit chain head: <code>{auditHead}</code>
        </p>
      )}
      {filesGst(registry, unit) && <FiledPeriod unit={unit} offer={downloaded?.unit === unit ? downloaded.upto : undefined} />}
      {returnPeriod && !returnPeriod.quarterly && (
        <Gstr3bSection
          unit={unit}
          fp={returnPeriod.fp}
          onDownload={(answer) => void save(async () => ({ blob: jsonBlob(answer), fileName: `GSTR3B_${answer.gstin}_${answer.ret_period}.json` }))}
        />
      )}
      {!valid && <p className="empty-state">Pick a period whose start is not after its end.</p>}
      {register ? <Totals register={register} /> : valid && <p className="page-loading">Please Wait</p>}
      <figure className="report-chart">
        <figcaption>
          Sales by month, financial year {financialYear}–{String(financialYear + 1).slice(2)}
        </figcaption>
        <Suspense fallback={<p className="page-loading">Please Wait</p>}>{months && <SalesChart months={months} />}</Suspense>
      </figure>
      {register &&
        (register.rows.length ? (
          <RegisterTable registry={registry} register={register} />
        ) : (
          <p className="empty-state">No sales in this period.</p>
        ))}
    </section>
  );
}
