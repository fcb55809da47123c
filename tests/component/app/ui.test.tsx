import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import type { BillUi } from '../../../src/engine/react/contract';
import { useBillUi } from '../../../src/app/ui/bill-ui';
import { ModalProvider } from '../../../src/app/ui/ModalProvider';
import { EMPTY_FIELD_TITLE, showErrorToast, showSuccessToast, showUndoToast } from '../../../src/app/ui/toasts';
import { ApiProvider } from '../../../src/app/api/ApiContext';
import type { AppApi } from '../../../src/app/api/types';
import { isSpecType } from '../../fixtures/spec-types';
import { billType, fakeApi, registry } from './support';

const billTypes = registry.billTypes;

/** Renders the app's BillUi over a fake API (Share goes through its share.shareBill) and hands it to the test. */
function renderBillUi(api: AppApi = fakeApi()): BillUi {
  let ui: BillUi | undefined;
  function Capture() {
    const billUi = useBillUi();
    useEffect(() => {
      ui = billUi;
    }, [billUi]);
    return null;
  }
  render(
    <ApiProvider api={api}>
      <ModalProvider>
        <Capture />
        <Toaster position="bottom-center" />
      </ModalProvider>
    </ApiProvider>,
  );
  return ui!;
}

describe('toasts (spec 5, 8, 9)', () => {
  it('an error toast shows the title and message as an alert at the top, and closes', async () => {
    render(<Toaster position="bottom-center" />);
    act(() => showErrorToast(EMPTY_FIELD_TITLE, 'Please provide your client company name.'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Empty field')).toBeTruthy();
    expect(within(alert).getByText('Please provide your client company name.')).toBeTruthy();
    // react-hot-toast positions each toast by its own option: ours are at the top, 5 s.
    const frame = alert.closest('[style*="top"]') as HTMLElement;
    expect(frame.style.top).toBe('0px');
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Empty field')).toBeNull(), { timeout: 3000 });
  });

  it('an error toast goes away after 5 seconds', async () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => showErrorToast('Bill No. 3 already exists.'));
      expect(screen.getByText('Bill No. 3 already exists.')).toBeTruthy();
      act(() => vi.advanceTimersByTime(4900));
      expect(screen.getByText('Bill No. 3 already exists.')).toBeTruthy();
      act(() => vi.advanceTimersByTime(200));
      // Dismissed at 5 s; react-hot-toast then removes it from the page after its exit animation.
      act(() => vi.advanceTimersByTime(1100));
      expect(screen.queryByText('Bill No. 3 already exists.')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a success toast sits at the default (bottom) position', async () => {
    render(<Toaster position="bottom-center" />);
    act(() => showSuccessToast('Bill No. 4 deleted'));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Bill No. 4 deleted');
    expect((status.closest('[style*="bottom"]') as HTMLElement).style.bottom).toBe('0px');
  });
});

describe('the undo toast (issue 30)', () => {
  it('says what was removed, and its Undo button undoes it once and closes the toast', async () => {
    render(<Toaster position="bottom-center" />);
    const undo = vi.fn();
    act(() => showUndoToast('Sr. No. 2 removed', undo));
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Sr. No. 2 removed')).toBeTruthy();
    fireEvent.click(within(status).getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Sr. No. 2 removed')).toBeNull(), { timeout: 3000 });
  });

  it('goes away after 5 seconds without undoing anything', () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      const undo = vi.fn();
      act(() => showUndoToast('Sr. No. 3 removed', undo));
      act(() => vi.advanceTimersByTime(4900));
      expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(200));
      // Dismissed at 5 s, then taken off the page after its exit animation.
      act(() => vi.advanceTimersByTime(1100));
      expect(screen.queryByText('Sr. No. 3 removed')).toBeNull();
      expect(undo).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is the BillUi offerUndo the bill screens use', () => {
    expect(renderBillUi().offerUndo).toBe(showUndoToast);
  });
});

describe('BillUi (contract.ts) over the ConfirmModal', () => {
  const confirmOptions = { title: 'Are you sure?', description: 'Generate the PDF now?', confirmLabel: 'Generate PDF', cancelLabel: 'Cancel' };

  it('confirm resolves true on the confirm button', async () => {
    const ui = renderBillUi();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = ui.confirm(confirmOptions);
    });
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText('Generate the PDF now?')).toBeTruthy();
    expect(dialog.querySelector('svg')).toBeTruthy();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Generate PDF']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate PDF' }));
    expect(await answer).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirm resolves false on Cancel, on an overlay click and on Escape', async () => {
    const ui = renderBillUi();
    for (const dismiss of [
      () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })),
      () => fireEvent.mouseDown(screen.getByTestId('modal-overlay')),
      () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }),
    ]) {
      let answer: Promise<boolean> = Promise.resolve(true);
      act(() => {
        answer = ui.confirm(confirmOptions);
      });
      act(dismiss);
      expect(await answer).toBe(false);
    }
  });

  it('a click inside the dialog does not close it', () => {
    const ui = renderBillUi();
    act(() => void ui.confirm(confirmOptions));
    fireEvent.mouseDown(screen.getByText('Generate the PDF now?'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  const saved = { pdf: new Blob(['%PDF-1.4'], { type: 'application/pdf' }), fileName: '7_Shree_Ganesh.pdf' };

  it.each(['invoice', 'taxinvoice'])('showSaved shows "PDF Generated" with the %s text and Okay', async (type) => {
    const ui = renderBillUi();
    let closed: Promise<void> = Promise.resolve();
    act(() => {
      closed = ui.showSaved(billType(type), saved);
    });
    const dialog = await screen.findByRole('dialog', { name: 'PDF Generated' });
    expect(within(dialog).getByText(billType(type).successMessage)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await closed;
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers Preview Bill only where the success text asks for it, and it shows the saved PDF', async () => {
    const previewing = billTypes.filter((b) => b.successPreview).map((b) => b.type);
    // The spec's types offer it exactly where their spec text asks; a maintainer's type words its own text.
    const spec = billTypes.filter(isSpecType);
    expect(spec.filter((b) => b.successPreview).map((b) => b.type)).toEqual(
      spec.filter((b) => b.successMessage.includes('preview your Bill')).map((b) => b.type),
    );
    expect(previewing.length).toBeGreaterThan(0);
    const ui = renderBillUi();
    act(() => void ui.showSaved(billType('invoice'), saved));
    expect(within(await screen.findByRole('dialog', { name: 'PDF Generated' })).queryByRole('button', { name: 'Preview Bill' })).toBeNull();

    let closed: Promise<void> = Promise.resolve();
    act(() => {
      closed = ui.showSaved(billType(previewing[0]), saved);
    });
    // The new dialog replaces the open one once its chunk answers: wait for its button, not for any PDF Generated.
    const previewButton = await screen.findByRole('button', { name: 'Preview Bill' });
    expect(screen.getByRole('dialog', { name: 'PDF Generated' }).contains(previewButton)).toBe(true);
    fireEvent.click(previewButton);
    const view = await screen.findByRole('dialog', { name: 'View PDF Bill' });
    expect(within(view).getByText(saved.fileName)).toBeTruthy();
    await waitFor(() => expect(view.querySelector('object[type="application/pdf"]')).not.toBeNull());
    fireEvent.click(within(view).getByRole('button', { name: 'Close' }));
    await closed;
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Share on PDF Generated hands the saved bill and its PDF to share.shareBill (issue 32)', async () => {
    const api = fakeApi();
    const ui = renderBillUi(api);
    let closed: Promise<void> = Promise.resolve();
    act(() => {
      closed = ui.showSaved(billType('invoice'), { ...saved, billno: 7, date: '2026-11-20' });
    });
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'PDF Generated' })).getByRole('button', { name: 'Share' }));
    await closed;
    expect(api.share.shareBill).toHaveBeenCalledWith({ billType: billType('invoice'), billno: 7, date: '2026-11-20', pdf: saved.pdf, fileName: saved.fileName });
  });

  it('the two success texts are the spec texts', () => {
    expect(billType('invoice').successMessage).toBe(
      'Your bill have been saved successfully, and the corresponding PDF has been generated and downloaded to your local device.',
    );
    expect(billType('taxinvoice').successMessage).toBe(
      'Your Bill has been saved and your PDF has been generated. Please click on below button to preview your Bill.',
    );
  });

  it('toastError shows an error toast; download saves the file under its name', async () => {
    const ui = renderBillUi();
    act(() => ui.toastError('Empty field', 'Please provide your bill invoice no.'));
    expect(await screen.findByText('Please provide your bill invoice no.')).toBeTruthy();

    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    ui.download(new Blob(['%PDF']), '3-Acme.pdf');
    // Decided in PDF Generated's chunk, which the screen asked for as it mounted.
    await vi.waitFor(() => expect(saved).toEqual(['3-Acme.pdf blob:x']));

    // Issue 31 item 5: a touch screen gets the PDF in the preview, not in Downloads.
    window.matchMedia = vi.fn((query: string) => ({ matches: query === '(pointer: coarse)' }) as MediaQueryList);
    try {
      ui.download(new Blob(['%PDF']), '4-Acme.pdf');
      await import('../../../src/app/ui/saved-modal');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(saved).toEqual(['3-Acme.pdf blob:x']);
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });
});
