import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/** Renders a modal; it calls `close` with its result when the operator answers. */
export type ModalRender<T> = (close: (result: T) => void) => ReactNode;
export type OpenModal = <T>(render: ModalRender<T>, dismissed: T) => Promise<T>;

interface OpenState {
  render: ModalRender<unknown>;
  finish(result: unknown): void;
  dismiss(): void;
}

const ModalContext = createContext<OpenModal | null>(null);

interface ModalProviderProps {
  children: ReactNode;
  /** When it changes (the app passes the path), an open modal is dismissed: it belongs to the old screen. */
  resetKey?: string;
}

/**
 * Hosts one modal at a time and lets code await its answer (BillUi.confirm, showSaved). Opening a
 * modal while another is open dismisses the first with its `dismissed` value.
 */
export function ModalProvider({ children, resetKey }: ModalProviderProps) {
  const [open, setOpen] = useState<OpenState | null>(null);
  const current = useRef<OpenState | null>(null);

  useEffect(
    () => () => {
      current.current?.dismiss();
      current.current = null;
      setOpen(null);
    },
    [resetKey],
  );

  const openModal = useCallback<OpenModal>(
    <T,>(render: ModalRender<T>, dismissed: T) =>
      new Promise<T>((resolve) => {
        const state: OpenState = {
          render: render as ModalRender<unknown>,
          finish(result) {
            if (current.current !== state) return;
            current.current = null;
            setOpen(null);
            resolve(result as T);
          },
          dismiss: () => resolve(dismissed),
        };
        current.current?.dismiss();
        current.current = state;
        setOpen(state);
      }),
    [],
  );

  return (
    <ModalContext.Provider value={openModal}>
      {children}
      {open?.render(open.finish)}
    </ModalContext.Provider>
  );
}

export function useOpenModal(): OpenModal {
  const openModal = useContext(ModalContext);
  if (!openModal) throw new Error('useOpenModal needs a ModalProvider above it');
  return openModal;
}
