import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/app/api/error-message';
import { editRoute, listRoute } from '../../../src/app/paths';
import { billType, fakeApi, renderApp, rowsOf, signIn } from './support';

const quotation = billType('quotation');
const LIST = listRoute(quotation);

/** Anchor clicks are how files are saved: record the file names instead of navigating. */
function captureDownloads(): string[] {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

beforeEach(() => {
  signIn();
  URL.createObjectURL = vi.fn(() => 'blob:pdf');
  URL.revokeObjectURL = vi.fn();
});

/** The data rows, once the first answer has arrived. */
async function bodyRows() {
  return waitFor(() => {
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    return rows;
  });
}

describe('list screen (spec 2, issue 6)', () => {
  it('shows the spec columns and, per row, Edit linking to the edit screen, View, Send by e-mail, Share and Delete', async () => {
    renderApp(LIST, fakeApi([{ billno: 7, date: '2024-03-15', clientname: 'Acme Pumps' }]));
    const headers = (await screen.findAllByRole('columnheader')).map((th) => th.textContent);
    expect(headers).toEqual(['Bill No.', 'Date', 'Client Company Name', 'Amount', 'Edit Bill', 'View Bill', 'Send Bill', 'Delete Bill']);
    const [row] = await bodyRows();
    expect(within(row).getAllByRole('cell').slice(0, 3).map((td) => td.textContent)).toEqual(['7', '15-03-2024', 'Acme Pumps']);
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(editRoute(quotation, 7));
    expect(within(row).getByRole('button', { name: 'View' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeTruthy();
    // Issue 32: the row's bill by e-mail and Share (the list asks how its bills' e-mails went).
    expect(within(row).getByRole('button', { name: 'Send by e-mail' }).textContent).toBe('E-mail');
    expect(within(row).getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('asks the server for the first page, newest first', async () => {
    const api = fakeApi(rowsOf(3));
    renderApp(LIST, api);
    await bodyRows();
    // ... of this financial year (issue 27: a year at a time, this one first).
    const today = new Date();
    const start = today.getMonth() >= 3 ? today.getFullYear() : today.getFullYear() - 1;
    const year = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
    expect(api.listBills).toHaveBeenLastCalledWith(quotation, { page: 1, pageSize: 25, search: '', sort: 'billno', order: 'desc', from: '', to: '', fy: year });
  });

  it('sorts by a column when its header is clicked, reports the order, and starts from page 1', async () => {
    const api = fakeApi(rowsOf(30));
    renderApp(LIST, api);
    await bodyRows();
    fireEvent.click(screen.getByRole('button', { name: 'Client Company Name' }));
    await waitFor(() =>
      expect(api.listBills).toHaveBeenLastCalledWith(quotation, expect.objectContaining({ sort: 'clientname', order: 'asc' })),
    );
    expect(screen.getByRole('columnheader', { name: 'Client Company Name' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Client Company Name' }));
    await waitFor(() =>
      expect(api.listBills).toHaveBeenLastCalledWith(quotation, expect.objectContaining({ sort: 'clientname', order: 'desc' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.listBills).toHaveBeenLastCalledWith(quotation, expect.objectContaining({ page: 2 })));
    fireEvent.click(screen.getByRole('button', { name: 'Bill No.' }));
    await waitFor(() =>
      expect(api.listBills).toHaveBeenLastCalledWith(quotation, expect.objectContaining({ sort: 'billno', page: 1 })),
    );
  });

  it('searches by client name or bill number from the first page', async () => {
    const api = fakeApi(rowsOf(60));
    renderApp(LIST, api);
    await bodyRows();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.listBills).toHaveBeenLastCalledWith(quotation, expect.objectContaining({ page: 2 })));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Client 4' } });
    await waitFor(() =>
      expect(api.listBills).toHaveBeenLastCalledWith(quotation, expect.objectContaining({ page: 1, search: 'Client 4' })),
    );
  });

  it('pages through 60 bills: Previous/Next, the status line, the page size', async () => {
    renderApp(LIST, fakeApi(rowsOf(60)));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(25));
    expect(screen.getByText('1–25 of 60 · Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('51–60 of 60 · Page 3 of 3');
    // The status line may show the new page a render before its rows do.
    await waitFor(async () => expect(await bodyRows()).toHaveLength(10));
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '100' } });
    await screen.findByText('1–60 of 60 · Page 1 of 1');
  });

  it('shows an empty state with a way to create the first bill, and a no-match state', async () => {
    renderApp(LIST, fakeApi([]));
    expect(await screen.findByText(`No ${quotation.menuLabel} saved yet.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: `Create ${quotation.menuLabel}` }).getAttribute('href')).toBe('/alfadiesel/quotationbill');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No bills match “nobody”.')).toBeTruthy();
  });

  it('View downloads {billno}-{clientname}.pdf and opens "View PDF Bill" showing it', async () => {
    const downloads = captureDownloads();
    const api = fakeApi([{ billno: 12, date: '2024-03-15', clientname: 'Acme Pumps' }]);
    renderApp(LIST, api);
    const [row] = await bodyRows();
    fireEvent.click(within(row).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'View PDF Bill' });
    expect(api.showPdf).toHaveBeenCalledWith(quotation, 12);
    expect(downloads).toEqual(['12-Acme Pumps.pdf']);
    await waitFor(() => expect(dialog.querySelector('object')?.getAttribute('data')).toBe('blob:pdf'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(downloads).toEqual(['12-Acme Pumps.pdf', '12-Acme Pumps.pdf']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:pdf');
  });

  it('a failed View shows the server msg', async () => {
    const api = fakeApi(rowsOf(1), { showPdf: vi.fn(async () => Promise.reject(new ApiError('Bill No. 1 not found', 404))) });
    renderApp(LIST, api);
    const [row] = await bodyRows();
    fireEvent.click(within(row).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Bill No. 1 not found')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Delete asks "Delete Bill No. {n}"; on success the row disappears and the msg shows', async () => {
    const rows = rowsOf(2);
    const api = fakeApi(rows);
    renderApp(LIST, api);
    const [first] = await bodyRows();
    fireEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bill No. 2' });
    rows.splice(0, 1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bill No. 2 deleted')).toBeTruthy();
    expect(api.deleteBill).toHaveBeenCalledWith(quotation, 2);
    await waitFor(async () => expect((await bodyRows()).map((row) => (row as HTMLTableRowElement).cells[0].textContent)).toEqual(['1']));
  });

  it('deleting the only bill of the last page shows the page before it', async () => {
    const rows = rowsOf(26);
    renderApp(LIST, fakeApi(rows));
    await bodyRows();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('26–26 of 26 · Page 2 of 2');
    // The page label can change a render before the rows do: wait for page 2's only bill.
    const lastRow = (await screen.findByText('Client 1')).closest('tr')!;
    fireEvent.click(within(lastRow).getByRole('button', { name: 'Delete' }));
    rows.pop();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Bill No. 1' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText('1–25 of 25 · Page 1 of 1');
    expect(await bodyRows()).toHaveLength(25);
  });

  it('Cancel and an overlay click leave the bill alone', async () => {
    const api = fakeApi(rowsOf(1));
    renderApp(LIST, api);
    const [row] = await bodyRows();
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog');
    act(() => {
      fireEvent.mouseDown(screen.getByTestId('modal-overlay'));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.deleteBill).not.toHaveBeenCalled();
  });

  it('leaving the screen (browser Back) closes an open modal', async () => {
    const api = fakeApi(rowsOf(1));
    const { router } = renderApp(LIST, api);
    const [row] = await bodyRows();
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog', { name: 'Delete Bill No. 1' });
    await act(() => router.navigate('/gst/view/taxinvoicebill'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.deleteBill).not.toHaveBeenCalled();
  });

  it('a list that fails to load shows the server msg', async () => {
    const api = fakeApi([], { listBills: vi.fn(async () => Promise.reject(new ApiError('Unknown bill type', 400))) });
    renderApp(LIST, api);
    expect(await screen.findByText('Unknown bill type')).toBeTruthy();
  });
});

describe('list screen by financial year (issue 27)', () => {
  const taxInvoice = billType('taxinvoice');
  const LAST_YEAR_ROW = { billno: 3, date: '2025-05-02', clientname: 'Old Year Motors', fy: '2025-26', printedno: 'GI/25-26/0003' };

  it('shows the printed number, links a bill of another year with ?fy=, and lists every year on asking', async () => {
    const api = fakeApi([LAST_YEAR_ROW]);
    renderApp(listRoute(taxInvoice), api);
    const [row] = await bodyRows();
    // The first value cell is the bill number's (a type with portal files has its Select checkbox before it).
    expect(row.querySelector('td.card-value')?.textContent).toBe('GI/25-26/0003');
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`${editRoute(taxInvoice, 3)}?fy=2025-26`);
    fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: '' } });
    await waitFor(() => expect(api.listBills).toHaveBeenLastCalledWith(taxInvoice, expect.objectContaining({ fy: '' })));
    fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: '2025-26' } });
    await waitFor(() => expect(api.listBills).toHaveBeenLastCalledWith(taxInvoice, expect.objectContaining({ fy: '2025-26', page: 1 })));
  });

  it("keeps a row's Send menu open, its buttons the same, while the marks of sends arrive", async () => {
    const api = fakeApi([LAST_YEAR_ROW]);
    let answerMarks: (marks: Map<string, 'queued'>) => void = () => undefined;
    api.share.marks = vi.fn(() => new Promise((resolve) => (answerMarks = resolve)));
    renderApp(listRoute(taxInvoice), api);
    const [row] = await bodyRows();
    const toggle = within(row).getByRole('button', { name: 'Send' });
    fireEvent.click(toggle);
    const email = within(row).getByRole('button', { name: 'Send by e-mail' });
    await waitFor(() => expect(api.share.marks).toHaveBeenCalled());
    act(() => answerMarks(new Map([['2025-26/3', 'queued']])));
    await within(row).findByText('Sending');
    expect(within(row).getByRole('button', { name: 'Send' })).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(row).getByRole('button', { name: 'Send by e-mail' })).toBe(email);
  });

  it('marks a bill of a month whose GSTR-1 is filed with a lock', async () => {
    const api = fakeApi([LAST_YEAR_ROW, { ...LAST_YEAR_ROW, billno: 9, date: '2026-01-05', printedno: 'GI/25-26/0009' }]);
    api.services.filedUpTo = vi.fn(async () => '2025-12-31');
    renderApp(listRoute(taxInvoice), api);
    await screen.findByRole('img', { name: 'GSTR-1 filed: read-only' });
    const rows = await bodyRows();
    expect(within(rows[0]).queryByRole('img', { name: 'GSTR-1 filed: read-only' })).not.toBeNull();
    expect(within(rows[1]).queryByRole('img', { name: 'GSTR-1 filed: read-only' })).toBeNull();
    expect(api.services.filedUpTo).toHaveBeenCalledWith('gst');
  });
});
