import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillType } from '../../../src/engine/core';
import { goodsRow, serviceProduct, validPayload } from '../../fixtures/payloads';
import { billTypeWith, cell, fakeBackend, renderEditor } from './harness';

// jsdom has no layout, so the virtualizer's scroll corrections have nowhere to go.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ROWS = 300;
const KEYSTROKES = 40;

/** Opens a stored bill of 300 lines and returns how long mounting took. */
async function openLongBill(billType: BillType) {
  const backend = fakeBackend();
  const line = billType.lines === 'goods' ? goodsRow : serviceProduct;
  const stored = { ...validPayload(billType, 0), billno: 7, product: Array.from({ length: ROWS }, (_, i) => line(billType, i + 1)) };
  backend.services.loadBill.mockResolvedValue(stored);
  const started = performance.now();
  renderEditor(billType, backend, { mode: 'edit', billno: 7 });
  await screen.findByLabelText('Invoice No.');
  return performance.now() - started;
}

/** Types one character at a time into an input; each keystroke is timed from the event to React's commit. */
function timeKeystrokes(input: HTMLInputElement): number[] {
  const times: number[] = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    const started = performance.now();
    act(() => {
      fireEvent.change(input, { target: { value: `${input.value}${i % 10}` } });
    });
    times.push(performance.now() - started);
  }
  return times;
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms`;
}

// Measured, not asserted: jsdom timings vary with the machine. The numbers go to the report.
describe(`typing in a ${ROWS}-line bill`, () => {
  it('goods grid', async () => {
    const billType = billTypeWith({ lines: 'goods', tax: true, converts: false });
    const mount = await openLongBill(billType);
    const renderedRows = screen.getAllByRole('row').length;
    const qty = cell('QTY', 1);
    const rowTimes = timeKeystrokes(qty);
    const headerTimes = timeKeystrokes(screen.getByLabelText('Client Company Name'));
    console.log(
      `[perf] goods ${ROWS} lines: mount ${mount.toFixed(0)} ms, ${renderedRows} table rows rendered; ` +
        `keystroke in a line: ${summary(rowTimes)}; in the header: ${summary(headerTimes)}`,
    );
    expect(qty.value).toMatch(/^2\.5\d+$/);
  });

  it('service grid', async () => {
    const billType = billTypeWith({ lines: 'service', tax: true, converts: false });
    const mount = await openLongBill(billType);
    const renderedProducts = screen.getAllByRole('group', { name: /^Product, / }).length;
    const rate = cell('Rate', 'Sr. No. 1, service 1');
    const times = timeKeystrokes(rate);
    console.log(
      `[perf] service ${ROWS} products: mount ${mount.toFixed(0)} ms, ${renderedProducts} products rendered; ` +
        `keystroke in a service: ${summary(times)}`,
    );
    expect(rate.value).toMatch(/^1200\d+$/);
  });
});
