import { useEffect, useId, useMemo, useState } from 'react';
import { DayInput } from '../ui/DayInput';
import { Link, useNavigate } from 'react-router-dom';
import { BILL_YEAR_KEY, formatIndian, localIsoDay, pdfFileName, PRINTED_NUMBER_KEY, type BillTypeEntry } from '../../engine/core';
import { copiedAsNew, storedBillToForm } from '../../engine/core/bill-data';
import { useApi } from '../api/ApiContext';
import { useCan, useMayWorkOn } from '../auth/can';
import type { BillListRow } from '../api/types';
import { createRoute, editRoute } from '../paths';
import { ConfirmModal } from '../ui/ConfirmModal';
import { downloadBlob } from '../ui/download';
import { downloadUnlessTouch } from '../ui/touch-screen';
import { useOpenModal } from '../ui/ModalProvider';
import { lazyScreen } from '../lazy-screen';
import type { TypeScreenProps } from '../type-screen';
import { showErrorToast, showSuccessToast } from '../ui/toasts';
import { BillTable } from './BillTable';
import { carrying } from './carried-state';
import { PortalExportBar, usePortalSelection } from './PortalExportBar';
import { removalWordsOf } from './removal-words';
import { listYears, otherYear } from './financial-years';
import { useBillList } from './useBillList';
import { ViewPdfModal } from './ViewPdfModal';
import { useSendMarks } from '../share/useSendMarks';

/** Issue 32: Send by e-mail, from View PDF Bill; loaded when asked for. */
const SendMailModal = lazyScreen(() => import('../mail/SendMailModal'));
/** Issue 29: Record Payment on an unpaid row; loaded when asked for. */
const RecordPaymentModal = lazyScreen(() => import('../payments/RecordPaymentModal'));

function EmptyState({ billType, search, dated }: { billType: BillTypeEntry; search: string; dated: boolean }) {
  if (search) return <p className="empty-state">No bills match “{search}”{dated ? ' between these dates' : ''}.</p>;
  if (dated) return <p className="empty-state">No bills between these dates.</p>;
  return (
    <div className="empty-state">
      <p>No {billType.menuLabel} saved yet.</p>
      <Link className="button button--primary" to={createRoute(billType)}>
        Create {billType.menuLabel}
      </Link>
    </div>
  );
}

/** The unit's "GSTR-1 filed up to" day for a sales type ('' for none, and for types it does not lock). */
function useFiledUpTo(billType: BillTypeEntry): string {
  const { services } = useApi();
  const [upto, setUpto] = useState('');
  useEffect(() => {
    if (!billType.countsAsSales || !services.filedUpTo) return;
    let current = true;
    services.filedUpTo(billType.unit).then(
      (answer) => current && setUpto(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [services, billType]);
  return upto;
}

/** The list screen of one bill type (spec 2): sortable, searchable, paged; Edit, View and Delete per row. */
export default function BillListPage({ billType }: TypeScreenProps) {
  const api = useApi();
  const openModal = useOpenModal();
  const list = useBillList(billType);
  const filedUpTo = useFiledUpTo(billType);
  const sends = useSendMarks(billType, list.page?.rows);
  const searchId = useId();
  const portal = usePortalSelection(billType);
  const navigate = useNavigate();

  const can = useCan();
  const mayWorkOn = useMayWorkOn();
  const allowed = useMemo(
    () => ({
      editPath: (row: BillListRow) => editRoute(billType, row.billno, otherYear(row[BILL_YEAR_KEY])),
      locked: (row: BillListRow) => filedUpTo !== '' && String(row[billType.roles.billDate.name] ?? '') <= filedUpTo,
      async onView(row: BillListRow) {
        const fy = otherYear(row[BILL_YEAR_KEY]);
        try {
          const pdf = await (fy ? api.showPdf(billType, row.billno, undefined, fy) : api.showPdf(billType, row.billno));
          const fileName = pdfFileName(row[PRINTED_NUMBER_KEY] ?? row.billno, row[billType.roles.clientName.name]);
          // Spec 2's View downloads the PDF; a touch screen only shows it, with Download in the modal (issue 31).
          downloadUnlessTouch(downloadBlob)(pdf, fileName);
          const printCopies = async () => {
            try {
              downloadBlob(await api.showPdf(billType, row.billno, 3, fy), fileName.replace(/\.pdf$/, '-3-copies.pdf'));
            } catch (error) {
              showErrorToast((error as Error).message);
            }
          };
          const sendByMail = () => void openModal<void>((close) => <SendMailModal billType={billType} billno={row.billno} fy={fy} onClose={() => close()} />, undefined);
          const share = () => void api.share.shareBill({ billType, billno: row.billno, fy: String(row[BILL_YEAR_KEY] ?? '') || undefined, pdf, fileName });
          await openModal<void>(
            (close) => (
              <ViewPdfModal pdf={pdf} fileName={fileName} onClose={() => close()} onPrintCopies={printCopies} onSend={can('bills.send') ? sendByMail : undefined} onShare={share} />
            ),
            undefined,
          );
        } catch (error) {
          showErrorToast((error as Error).message);
        }
      },
      onSend(row: BillListRow) {
        const fy = otherYear(row[BILL_YEAR_KEY]);
        void openModal<void>((close) => <SendMailModal billType={billType} billno={row.billno} fy={fy} onClose={() => close()} />, undefined).then(sends.refresh);
      },
      async onShare(row: BillListRow) {
        const fy = otherYear(row[BILL_YEAR_KEY]);
        try {
          const pdf = await (fy ? api.showPdf(billType, row.billno, undefined, fy) : api.showPdf(billType, row.billno));
          const fileName = pdfFileName(row[PRINTED_NUMBER_KEY] ?? row.billno, row[billType.roles.clientName.name]);
          await api.share.shareBill({ billType, billno: row.billno, fy: String(row[BILL_YEAR_KEY] ?? '') || undefined, pdf, fileName });
        } catch (error) {
          showErrorToast((error as Error).message);
        }
      },
      async onCopy(row: BillListRow) {
        const fy = otherYear(row[BILL_YEAR_KEY]);
        try {
          const stored = await (fy ? api.services.loadBill(billType, row.billno, fy) : api.services.loadBill(billType, row.billno));
          if (!stored) return showErrorToast(`${billType.menuLabel} No. ${row[PRINTED_NUMBER_KEY] ?? row.billno} is no longer saved.`);
          navigate(createRoute(billType), carrying(copiedAsNew(billType, storedBillToForm(billType, stored))));
        } catch (error) {
          showErrorToast((error as Error).message);
        }
      },
      sendMark: sends.markOf,
      selection: portal.selection,
      async onRestore(row: BillListRow) {
        try {
          const fy = otherYear(row[BILL_YEAR_KEY]);
          showSuccessToast(await (fy ? api.restoreBill(billType, row.billno, fy) : api.restoreBill(billType, row.billno)));
          list.refetch();
        } catch (error) {
          showErrorToast((error as Error).message);
        }
      },
      async onPay(row: BillListRow) {
        const bill = { billtype: billType.type, billno: row.billno, fy: String(row[BILL_YEAR_KEY] ?? '') || undefined };
        const saved = await openModal<string | undefined>(
          (close) => <RecordPaymentModal unit={billType.unit} clientName={String(row[billType.roles.clientName.name] ?? '')} bill={bill} onClose={close} />,
          undefined,
        );
        if (saved) list.refetch();
      },
      async onDelete(row: BillListRow) {
        // Issue 29: what was paid against a bill is not lost with it; the operator is told before deleting.
        const paid = typeof row.paid === 'number' && row.paid > 0 ? ` ₹ ${formatIndian(row.paid)} received against it will stay on account.` : '';
        const words = removalWordsOf(billType);
        const confirmed = await openModal<boolean>(
          (close) => (
            <ConfirmModal
              image="delete"
              title={words.title(row.billno)}
              description={`${words.question(String(row[billType.roles.clientName.name]))}${paid}`}
              leftButton={{ label: words.keep, onClick: () => close(false) }}
              rightButton={{ label: words.confirm, onClick: () => close(true), tone: 'danger' }}
              onClose={() => close(false)}
            />
          ),
          false,
        );
        if (!confirmed) return;
        try {
          const fy = otherYear(row[BILL_YEAR_KEY]);
          const msg = await (fy ? api.deleteBill(billType, row.billno, fy) : api.deleteBill(billType, row.billno));
          if (list.showCancelled) list.refetch();
          else list.removeRow(row);
          showSuccessToast(msg);
        } catch (error) {
          showErrorToast((error as Error).message);
        }
      },
    }),
    [api, billType, navigate, openModal, list.removeRow, list.refetch, list.showCancelled, filedUpTo, sends.markOf, sends.refresh, portal.selection],
  );
  // Issue 45: a row offers only what the role may do (the server refuses the rest): delete-today roles see Delete on today's bills.
  const mayDelete = can('bills.delete');
  const mayDeleteToday = can('bills.deleteToday');
  const mayRestore = can('bills.restore');
  const mayPay = can('payments.write');
  const maySend = can('bills.send');
  const mayCreate = can('bills.write') && mayWorkOn(billType.unit);
  const actions = useMemo(() => {
    const { onDelete, onRestore, onPay, onSend, onCopy, ...rest } = allowed;
    return {
      ...rest,
      // A note names the bill it corrects: it is made from that bill, never copied.
      ...(mayCreate && !billType.note && { onCopy }),
      ...((mayDelete || mayDeleteToday) && { onDelete }),
      ...(!mayDelete && { deletable: (row: BillListRow) => String(row[billType.roles.billDate.name] ?? '') === localIsoDay() }),
      ...(mayRestore && { onRestore }),
      ...(mayPay && { onPay }),
      ...(maySend && { onSend }),
    };
  }, [allowed, mayDelete, mayDeleteToday, mayRestore, mayPay, maySend, mayCreate, billType]);

  const isEmpty = list.page !== null && list.page.total === 0;
  return (
    <section className="list-page" aria-labelledby={`${searchId}-title`}>
      <div className="list-heading">
        <h1 id={`${searchId}-title`}>{billType.menuLabel} list</h1>
        {mayCreate && (
          <Link className="button button--primary" to={createRoute(billType)}>
            New {billType.menuLabel}
          </Link>
        )}
      </div>
      <div className="list-toolbar">
        <label htmlFor={searchId}>Search</label>
        <input
          id={searchId}
          type="search"
          placeholder="Client name or bill number"
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
        />
        <label htmlFor={`${searchId}-from`}>From</label>
        <DayInput id={`${searchId}-from`} className="list-date" value={list.range.from} onChange={(from) => list.setRange({ ...list.range, from })} />
        <label htmlFor={`${searchId}-to`}>To</label>
        <DayInput id={`${searchId}-to`} className="list-date" value={list.range.to} onChange={(to) => list.setRange({ ...list.range, to })} />
        <label htmlFor={`${searchId}-year`}>Year</label>
        <select id={`${searchId}-year`} value={list.year} onChange={(event) => list.setYear(event.target.value)}>
          {listYears().map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
          <option value="">All years</option>
        </select>
        {billType.cancelsOnDelete && (
          <label className="list-switch">
            <input type="checkbox" checked={list.showCancelled} onChange={(event) => list.setShowCancelled(event.target.checked)} />
            Show cancelled
          </label>
        )}
        {billType.countsAsSales && (
          <label className="list-switch">
            <input type="checkbox" checked={list.onlyUnpaid} onChange={(event) => list.setOnlyUnpaid(event.target.checked)} />
            Unpaid
          </label>
        )}
        {list.loading && <span className="list-loading">Please Wait</span>}
      </div>
      <PortalExportBar billType={billType} selected={portal.selected} onClear={portal.clear} />
      {isEmpty ? (
        <EmptyState billType={billType} search={list.settledSearch} dated={Boolean(list.range.from || list.range.to)} />
      ) : (
        <BillTable
          billType={billType}
          caption={`${billType.menuLabel} list`}
          page={list.page}
          loading={list.loading}
          sorting={list.sorting}
          onSortingChange={list.setSorting}
          pagination={list.pagination}
          onPaginationChange={list.setPagination}
          actions={actions}
        />
      )}
    </section>
  );
}
