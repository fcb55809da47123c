import type { BillTypeEntry } from '../../engine/core';
import type { SavedPdf } from '../../engine/react/contract';
import { lazyScreen } from '../lazy-screen';
import { ConfirmModal } from './ConfirmModal';
import type { OpenModal } from './ModalProvider';
import { downloadBlob } from './download';
import { PAY_BUTTON, PREVIEW_BUTTON, SAVED_BUTTON, SAVED_TITLE, SEND_BUTTON, SHARE_BUTTON } from './saved-texts';
import { downloadUnlessTouch, isTouchScreen, TOUCH_SAVED_TEXT } from './touch-screen';

/** Opened only when the operator asks for a preview after a save: loaded then. */
const ViewPdfModal = lazyScreen(() => import('../bills/ViewPdfModal'));
/** Issue 32: opened from PDF Generated only when asked for. */
const SendMailModal = lazyScreen(() => import('../mail/SendMailModal'));
/** Issue 29: a payment against a sales bill just saved; loaded only when asked for. */
const RecordPaymentModal = lazyScreen(() => import('../payments/RecordPaymentModal'));

/** A save's PDF: downloaded, as the spec says, except on a touch screen, whose PDF Generated offers the preview. */
export const downloadSaved = downloadUnlessTouch(downloadBlob);

/** Shares a saved bill's PDF (mail-api's shareBill: the share sheet, else wa.me with the PDF downloaded). */
export type ShareSaved = (bill: { billType: BillTypeEntry; billno: number; date?: string; pdf: Blob; fileName: string }) => Promise<void>;

/**
 * Spec 2's PDF Generated modal after a save, with Send by e-mail, Share, Record Payment and Preview Bill where
 * they apply, then what the operator chose. A chunk of its own: the create screens load it after their first paint.
 */
export async function showSavedModal(openModal: OpenModal, share: ShareSaved, billType: BillTypeEntry, { pdf, fileName, billno, date, clientName }: SavedPdf): Promise<void> {
  // A touch screen was not given the PDF as a download (createBillUi): every type offers its preview there.
  const touch = isTouchScreen();
  const offersPreview = billType.successPreview || touch;
  const answer = await openModal<'okay' | 'preview' | 'send' | 'share' | 'pay'>(
    (close) => (
      <ConfirmModal
        image="success"
        title={SAVED_TITLE}
        description={touch && !billType.successPreview ? TOUCH_SAVED_TEXT : billType.successMessage}
        leftButton={offersPreview ? { label: PREVIEW_BUTTON, onClick: () => close('preview') } : undefined}
        rightButton={{ label: SAVED_BUTTON, onClick: () => close('okay'), tone: 'primary' }}
        onClose={() => close('okay')}
      >
        {billno !== undefined && (
          <>
            <button type="button" className="button button--small" onClick={() => close('send')}>
              {SEND_BUTTON}
            </button>
            <button type="button" className="button button--small" onClick={() => close('share')}>
              {SHARE_BUTTON}
            </button>
          </>
        )}
        {billno !== undefined && billType.countsAsSales && (
          <button type="button" className="button button--small" onClick={() => close('pay')}>
            {PAY_BUTTON}
          </button>
        )}
      </ConfirmModal>
    ),
    'okay',
  );
  if (answer === 'send' && billno !== undefined) {
    await openModal<void>((close) => <SendMailModal billType={billType} billno={billno} date={date} onClose={() => close()} />, undefined);
  }
  if (answer === 'share' && billno !== undefined) await share({ billType, billno, date, pdf, fileName });
  if (answer === 'pay' && billno !== undefined) {
    const bill = { billtype: billType.type, billno, date };
    await openModal<void>((close) => <RecordPaymentModal unit={billType.unit} clientName={clientName} bill={bill} onClose={() => close()} />, undefined);
  }
  if (answer === 'preview') {
    const onShare = billno !== undefined ? () => void share({ billType, billno, date, pdf, fileName }) : undefined;
    await openModal<void>((close) => <ViewPdfModal pdf={pdf} fileName={fileName} onClose={() => close()} onShare={onShare} />, undefined);
  }
}
