import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billTypeWith, cell, fakeBackend, formReady, goodsRowNames, renderEditor } from './harness';

/** Issue 30: the grid never loses data: Tab, Up/Down, removing a line with Undo. */
afterEach(cleanup);

const plainGoods = billTypeWith({ lines: 'goods', tax: false, converts: false });

async function openWithLines(lines: Array<[goods: string, qty: string, rate: string]>) {
  const backend = fakeBackend();
  renderEditor(plainGoods, backend);
  await formReady(backend);
  const user = userEvent.setup();
  for (const [i, [goods, qty, rate]] of lines.entries()) {
    const n = i + 1;
    if (n > 1) {
      await user.click(screen.getByRole('button', { name: 'Add More Product' }));
      await screen.findByRole('row', { name: `Sr. No. ${n}` });
    }
    await user.type(cell('Description of Goods', n), goods);
    await user.type(cell('QTY', n), qty);
    await user.type(cell('Rate', n), rate);
    await user.selectOptions(cell('Per', n), 'per');
  }
  await user.click(cell('Description of Goods', 1));
  return { backend, user };
}

const focused = () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent;
const line = (n: number) => [cell('Description of Goods', n).value, cell('QTY', n).value, cell('Rate', n).value, cell('Amount', n).value];

async function tabFrom(user: UserEvent, title: string, n: number) {
  await user.click(cell(title, n));
  await user.tab();
}

describe('the grid keys', () => {
  it('Tab from a line\'s last input goes to the next line, and from the last line to Add More Product, never to Delete Field', async () => {
    const { user } = await openWithLines([
      ['Filter', '2', '100'],
      ['Nozzle', '3', '40'],
    ]);
    await tabFrom(user, 'Per', 1);
    expect(focused()).toBe('Description of Goods, Sr. No. 2');
    await tabFrom(user, 'Per', 2);
    expect(focused()).toBe('Add More Product');
  });

  it('Up/Down in a number cell move to the same cell of the line above or below and keep the value; Alt+Up/Down step it', async () => {
    const { user } = await openWithLines([
      ['Filter', '850', '100'],
      ['Nozzle', '3', '40'],
    ]);
    await user.click(cell('QTY', 1));
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('QTY, Sr. No. 2');
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('QTY, Sr. No. 2');
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe('QTY, Sr. No. 1');
    expect(cell('QTY', 1).value).toBe('850');
    expect(cell('QTY', 2).value).toBe('3');

    await user.keyboard('{Alt>}{ArrowDown}{ArrowDown}{/Alt}');
    expect(cell('QTY', 1).value).toBe('848');
    await user.keyboard('{Alt>}{Shift>}{ArrowUp}{/Shift}{/Alt}');
    expect(cell('QTY', 1).value).toBe('858');
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('QTY, Sr. No. 2');
    // Leaving the cell recomputed the stepped line: 858 x 100.
    expect(cell('Amount', 1).value).toBe('85800.00');
  });

  it('removes a line at once and offers it back: Undo puts exactly that line in its place, once', async () => {
    const { backend, user } = await openWithLines([
      ['Filter', '2', '100'],
      ['Nozzle', '3', '40'],
      ['Pump', '1', '2500'],
    ]);
    await user.click(within(screen.getByRole('row', { name: 'Sr. No. 2' })).getByRole('button', { name: 'Delete Field' }));
    expect(goodsRowNames()).toEqual(['Sr. No. 1', 'Sr. No. 2']);
    expect(line(2)).toEqual(['Pump', '1', '2500', '2500.00']);
    expect(backend.ui.offerUndo).toHaveBeenCalledTimes(1);
    const [message, undo] = vi.mocked(backend.ui.offerUndo!).mock.calls[0];
    expect(message).toBe('Sr. No. 2 removed');

    act(() => undo());
    await waitFor(() => expect(goodsRowNames()).toEqual(['Sr. No. 1', 'Sr. No. 2', 'Sr. No. 3']));
    expect(line(1)).toEqual(['Filter', '2', '100', '200.00']);
    expect(line(2)).toEqual(['Nozzle', '3', '40', '120.00']);
    expect(line(3)).toEqual(['Pump', '1', '2500', '2500.00']);
    act(() => undo());
    expect(goodsRowNames()).toHaveLength(3);
  });

  it('Ctrl+Delete removes the line the focus is in and leaves the focus on the line above', async () => {
    const { backend, user } = await openWithLines([
      ['Filter', '2', '100'],
      ['Nozzle', '3', '40'],
    ]);
    await user.click(cell('QTY', 1));
    await user.keyboard('{Control>}{Delete}{/Control}');
    expect(goodsRowNames()).toHaveLength(2);
    await user.click(cell('QTY', 2));
    await user.keyboard('{Control>}{Delete}{/Control}');
    expect(goodsRowNames()).toEqual(['Sr. No. 1']);
    expect(focused()).toBe('QTY, Sr. No. 1');
    expect(backend.ui.offerUndo).toHaveBeenCalledWith('Sr. No. 2 removed', expect.any(Function));
  });
});
