import { useEffect, useRef, type RefObject } from 'react';
import { useBlocker } from 'react-router-dom';
import { getToken } from '../auth/token-store';
import { ConfirmModal } from '../ui/ConfirmModal';
import { useOpenModal } from '../ui/ModalProvider';

export const LEAVE_TEXTS = {
  title: 'Leave without saving?',
  description: 'This bill has changes that are not saved. They stay on this device, and the screen offers them back when you open it again.',
  stay: 'Stay',
  leave: 'Leave',
} as const;

/**
 * Asks before the operator leaves a screen with unsaved changes: through the app's own menus and links
 * (react-router's blocker, with the app's modal) and by closing or reloading the tab (the browser's own
 * prompt). `unsaved` answers whether there are such changes.
 */
export function useLeaveGuard(unsaved: RefObject<(() => boolean) | undefined>): void {
  const openModal = useOpenModal();
  const blocker = useBlocker(
    // Signed out (Logout asked about the drafts already, and removed them): nothing is left to keep.
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && getToken() !== null && (unsaved.current?.() ?? false),
  );
  const current = useRef(blocker);
  current.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void openModal<boolean>(
      (close) => (
        <ConfirmModal
          image="question"
          title={LEAVE_TEXTS.title}
          description={LEAVE_TEXTS.description}
          leftButton={{ label: LEAVE_TEXTS.stay, onClick: () => close(false) }}
          rightButton={{ label: LEAVE_TEXTS.leave, onClick: () => close(true), tone: 'primary' }}
          onClose={() => close(false)}
        />
      ),
      false,
    ).then((leave) => {
      const pending = current.current;
      if (pending.state !== 'blocked') return;
      if (leave) pending.proceed();
      else pending.reset();
    });
  }, [blocker.state, openModal]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsaved.current?.()) return;
      event.preventDefault();
      // Older Chromium shows its prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
}
