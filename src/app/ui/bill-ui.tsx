import { useMemo } from 'react';
import type { BillUi } from '../../engine/react/contract';
import { AskModal } from './AskModal';
import { ConfirmModal } from './ConfirmModal';
import { downloadBlob } from './download';
import { useOpenModal, type OpenModal } from './ModalProvider';
import { showErrorToast } from './toasts';

/** Spec 2: the success modal's title and button. */
export const SAVED_TITLE = 'PDF Generated';
export const SAVED_BUTTON = 'Okay';

export function createBillUi(openModal: OpenModal): BillUi {
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
    download: downloadBlob,
    showSaved: (billType) =>
      openModal<void>(
        (close) => (
          <ConfirmModal
            image="success"
            title={SAVED_TITLE}
            description={billType.successMessage}
            rightButton={{ label: SAVED_BUTTON, onClick: () => close(), tone: 'primary' }}
            onClose={() => close()}
          />
        ),
        undefined,
      ),
  };
}

/** The app's modals and toasts as the bill form engine expects them (contract.ts). */
export function useBillUi(): BillUi {
  const openModal = useOpenModal();
  return useMemo(() => createBillUi(openModal), [openModal]);
}
