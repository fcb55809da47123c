import { useMemo } from 'react';
import type { BillType } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import type { BillUi } from '../../engine/react/contract';
import { AskModal } from './AskModal';
import { ConfirmModal } from './ConfirmModal';
import { downloadBlob } from './download';
import { useOpenModal, type OpenModal } from './ModalProvider';
import { showErrorToast, showUndoToast } from './toasts';
import { lazyScreen } from '../lazy-screen';

/** Opened only when the operator asks for a preview after a save: loaded then. */
const ViewPdfModal = lazyScreen(() => import('../bills/ViewPdfModal'));
/** Issue 32: opened from PDF Generated only when asked for. */
const SendMailModal = lazyScreen(() => import('../mail/SendMailModal'));
/** Issue 29: a payment against a sales bill just saved; loaded only when asked for. */
const RecordPaymentModal = lazyScreen(() => import('../payments/RecordPaymentModal'));

/** Spec 2: the success modal's title and button. */
export const SAVED_TITLE = 'PDF Generated';
export const SAVED_BUTTON = 'Okay';
/** Issue 15: on a type whose success text invites a preview (x-bill.successPreview). */
export const PREVIEW_BUTTON = 'Preview Bill';
/** Issue 32: PDF Generated and View PDF Bill offer to e-mail the bill. */
export const SEND_BUTTON = 'Send by e-mail';
/** Issue 32: beside Send by e-mail, the PDF to the share sheet or to WhatsApp. */
export const SHARE_BUTTON = 'Share';
/** Issue 29: PDF Generated of a sales bill offers to record its payment. */
export const PAY_BUTTON = 'Record Payment';

/** Shares a saved bill's PDF (mail-api's shareBill: the share sheet, else wa.me with the PDF downloaded). */
export type ShareSaved = (bill: { billType: BillType; billno: number; date?: string; pdf: Blob; fileName: string }) => Promise<void>;

export function createBillUi(openModal: OpenModal, share: ShareSaved): BillUi {
  return {
    confirm: (options) =>
      openModal<boolean>(
        (close) => (
          <ConfirmModal
            image="question"
            title={options.title}
            description={options.description}
            leftButton={{ label: options.cancelLabel, onClick: () => close(false) }}
            rightButton={{ label: options.confirmLabel, onClick: () => close(true), tone: 'primary' }}
            onClose={() => close(false)}
          />
        ),
        false,
      ),
    ask: (options) => openModal((close) => <AskModal options={options} close={close} />, undefined),
    toastError: showErrorToast,
    offerUndo: showUndoToast,
    download: downloadBlob,
    showSaved: async (billType, { pdf, fileName, billno, date, clientName }) => {
      const answer = await openModal<'okay' | 'preview' | 'send' | 'share' | 'pay'>(
        (close) => (
          <ConfirmModal
            image="success"
            title={SAVED_TITLE}
            description={billType.successMessage}
            leftButton={billType.successPreview ? { label: PREVIEW_BUTTON, onClick: () => close('preview') } : undefined}
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
    },
  };
}

/** The app's modals and toasts as the bill form engine expects them (contract.ts). */
export function useBillUi(): BillUi {
  const openModal = useOpenModal();
  const { mail } = useApi();
  return useMemo(() => createBillUi(openModal, mail.shareBill), [openModal, mail]);
}
