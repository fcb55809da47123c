import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { fakeBackend, formReady, registry, renderEditor } from './harness';

afterEach(cleanup);

const prefixed = registry.billTypes.find((b) => b.series !== '{n}')!;
const plain = registry.billTypes.find((b) => b.series === '{n}' && b.unit === prefixed.unit && b.countsAsSales)!;
const printed = (n: number) => prefixed.series.replace('{n}', String(n));

it('shows under the number how the PDF and GSTR-1 print it, with the series prefix, as it is typed', async () => {
  const backend = fakeBackend();
  renderEditor(prefixed, backend);
  await formReady(backend);
  expect(screen.getByText(`Printed as ${printed(41)}`)).toBeDefined();
  const number = screen.getByLabelText<HTMLInputElement>(prefixed.roles.billNumber.title);
  await userEvent.setup().clear(number);
  await userEvent.setup().type(number, '1207');
  expect(screen.getByText(`Printed as ${printed(1207)}`)).toBeDefined();
});

it('says nothing more for a series printed as the bare number', async () => {
  const backend = fakeBackend();
  renderEditor(plain, backend);
  await formReady(backend);
  expect(screen.queryByText(/^Printed as/)).toBeNull();
});
