import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberInput } from '../../../src/engine/react';

/** A NumberInput holding its own value, as a form would. */
function Harness({ initial = '', minimum }: { initial?: string; minimum?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="qty">QTY</label>
      <NumberInput id="qty" value={value} onChange={setValue} bounds={{ minimum }} />
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('QTY');
const stepper = (direction: 'up' | 'down') => input().parentElement!.querySelector<HTMLButtonElement>(`[data-step="${direction}"]`)!;

describe('NumberInput', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('accepts only digits, e, +, - and the decimal point', async () => {
    render(<Harness />);
    await userEvent.type(input(), '12a.5 e-+x,E/3');
    expect(input().value).toBe('12.5e-+E3');
  });

  it('strips refused characters from pasted text', async () => {
    render(<Harness />);
    await userEvent.click(input());
    await userEvent.paste('₹ 1,999.99/-');
    expect(input().value).toBe('1999.99-');
  });

  it('keeps shortcuts and editing keys working', async () => {
    render(<Harness initial="123" />);
    await userEvent.type(input(), '{Backspace}{ArrowLeft}{Delete}');
    expect(input().value).toBe('1');
  });

  it('steps 1 with ArrowUp/ArrowDown, 0.1 with Ctrl or Cmd and 10 with Shift, in exact decimals', async () => {
    render(<Harness initial="2.55" />);
    const user = userEvent.setup();
    await user.click(input());
    await user.keyboard('{ArrowUp}');
    expect(input().value).toBe('3.55');
    await user.keyboard('{Control>}{ArrowUp}{/Control}');
    expect(input().value).toBe('3.65');
    await user.keyboard('{Meta>}{ArrowDown}{ArrowDown}{/Meta}');
    expect(input().value).toBe('3.45');
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(input().value).toBe('13.45');
    await user.keyboard('{ArrowDown}');
    expect(input().value).toBe('12.45');
  });

  it('does not step below the schema minimum', async () => {
    render(<Harness initial="0.5" minimum={0} />);
    const user = userEvent.setup();
    await user.click(input());
    await user.keyboard('{ArrowDown}');
    expect(input().value).toBe('0');
  });

  it('steps from empty text as from 0', async () => {
    render(<Harness />);
    await userEvent.type(input(), '{ArrowUp}');
    expect(input().value).toBe('1');
  });

  it('repeats a held stepper button after 300 ms, then every 50 ms, until released', () => {
    vi.useFakeTimers();
    render(<Harness initial="0" />);
    const up = stepper('up');

    fireEvent.pointerDown(up, { button: 0 });
    expect(input().value).toBe('1');
    act(() => vi.advanceTimersByTime(299));
    expect(input().value).toBe('1');
    act(() => vi.advanceTimersByTime(1));
    expect(input().value).toBe('1');
    act(() => vi.advanceTimersByTime(50));
    expect(input().value).toBe('2');
    act(() => vi.advanceTimersByTime(100));
    expect(input().value).toBe('4');

    fireEvent.pointerUp(up);
    act(() => vi.advanceTimersByTime(1000));
    expect(input().value).toBe('4');
  });

  it('stops repeating when the pointer leaves, and a quick press steps once', () => {
    vi.useFakeTimers();
    render(<Harness initial="10" />);
    const down = stepper('down');

    fireEvent.pointerDown(down, { button: 0, shiftKey: true });
    expect(input().value).toBe('0');
    fireEvent.pointerLeave(down);
    act(() => vi.advanceTimersByTime(1000));
    expect(input().value).toBe('0');

    fireEvent.pointerDown(stepper('up'), { button: 0 });
    fireEvent.pointerUp(stepper('up'));
    fireEvent.click(stepper('up'), { detail: 1 });
    act(() => vi.advanceTimersByTime(1000));
    expect(input().value).toBe('1');
  });

  it('keeps its stepper buttons out of the accessibility tree and the tab order', () => {
    render(<Harness />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(stepper('up').tabIndex).toBe(-1);
  });
});
