import type { ComponentProps } from 'react';
import { BillEditor } from '../../engine/react';
import { lazyScreen } from '../lazy-screen';
import { useSaveCount } from '../audit/save-count';
import { useIrnGuard } from '../eway/irn-guard';
import { usePaidGuard } from '../payments/paid-guard';
import PaidSummary from '../payments/PaidSummary';

/** Issue 32: what was sent of this bill by e-mail; loaded beside an edit screen, after it. */
const SendLog = lazyScreen(() => import('../mail/SendLog'), null);
/** Issue 28: a bill's edit screen issues and lists its notes; a note's names the bill it corrects. */
const NoteScreens = lazyScreen(() => import('./notes/NoteScreens'), null);
/** Issue 33: a GST goods bill's e-way bill JSON and the number typed back. */
const EwayBillPanel = lazyScreen(() => import('../eway/EwayBillPanel'), null);
/** Issue 46: an invoice's advances adjusted against it; a receipt voucher's invoices. */
const AdvancesPanel = lazyScreen(() => import('../payments/AdvancesPanel'), null);
/** Issue 45: who changed the bill, when, and what. */
const BillHistory = lazyScreen(() => import('../audit/BillHistory'), null);

type EditBillProps = Omit<ComponentProps<typeof BillEditor>, 'mode' | 'billno'> & { billno: number; fy?: string };

/**
 * The edit screen of a saved bill: the editor, and beside it what was paid of a sales bill (issue 29) and what was
 * sent by e-mail (issue 32), its credit and debit notes (issue 28) and its History (issue 45); an update below what
 * was paid asks first, and so does one of a bill with a registered e-invoice (issue 33). A chunk of its own, loaded
 * by EditorPage for an edit only: a create screen shows none of it.
 */
export default function EditBill(props: EditBillProps) {
  const [services, saves] = useSaveCount(useIrnGuard(usePaidGuard(props.services, props.ui), props.ui));
  const { billType, billno, fy } = props;
  return (
    <>
      <BillEditor {...props} services={services} mode="edit" />
      <NoteScreens {...props} billno={billno} fy={fy} />
      {billType.countsAsSales && <PaidSummary billType={billType} billno={billno} fy={fy} />}
      <AdvancesPanel billType={billType} billno={billno} fy={fy} />
      <SendLog billType={billType} billno={billno} fy={fy} />
      <EwayBillPanel billType={billType} billno={billno} fy={fy} />
      <BillHistory billType={billType} billno={billno} fy={fy} saves={saves} />
    </>
  );
}
