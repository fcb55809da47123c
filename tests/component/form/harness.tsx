import { act, render, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { createRegistry, type BillType, type Catalog, type CompiledValidator } from '../../../src/engine/core';
import {
  BillEditor,
  typesOfRegistry,
  type AskOptions,
  type BillEditorProps,
  type BillServices,
  type BillUi,
  type CatalogEntry,
} from '../../../src/engine/react';
import { precompiledValidators } from '../../../src/generated/validators.js';

/** The registry as the browser builds it: bundled schema files and precompiled validators. */
function browserRegistry() {
  const bundled = import.meta.glob('/schemas/**/*.json', { eager: true, import: 'default' });
  const files = Object.fromEntries(Object.entries(bundled).map(([path, json]) => [path.replace(/^\/schemas\//, ''), json]));
  return createRegistry(files, (key) => precompiledValidators[key] as CompiledValidator);
}

export const registry = browserRegistry();

/** Bill types picked by their keywords, never by name (priced ones: the spec's kind, not a challan). */
export function billTypeWith(filter: { lines: 'goods' | 'service'; tax: boolean; converts?: boolean }): BillType {
  const found = registry.billTypes.find(
    (b) =>
      b.priced &&
      b.lines === filter.lines &&
      b.tax === filter.tax &&
      (filter.converts === undefined || (b.convertsTo !== undefined) === filter.converts),
  );
  if (!found) throw new Error(`no bill type with ${JSON.stringify(filter)}`);
  return found;
}

export interface FakeBackend {
  services: { [K in keyof BillServices]-?: ReturnType<typeof vi.fn<NonNullable<BillServices[K]>>> };
  ui: { [K in keyof BillUi]-?: ReturnType<typeof vi.fn<NonNullable<BillUi[K]>>> };
  saved: Array<{ catalog: string; entry: CatalogEntry }>;
}

/** Services and ui that answer like the app would, recording every call. */
export function fakeBackend(
  options: { entries?: Record<string, CatalogEntry[]>; nextNumber?: (billType: BillType) => number } = {},
): FakeBackend {
  const saved: FakeBackend['saved'] = [];
  const services = {
    nextBillNumber: vi.fn(async (billType: BillType) => options.nextNumber?.(billType) ?? 41),
    savedClients: vi.fn(async () => []),
    catalogEntries: vi.fn(async (catalog: Catalog) => options.entries?.[catalog.name] ?? []),
    saveCatalogEntry: vi.fn(async (catalog: Catalog, entry: CatalogEntry) => {
      saved.push({ catalog: catalog.name, entry });
    }),
    submitBill: vi.fn(async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' })),
    loadBill: vi.fn(async () => null as Record<string, unknown> | null),
  };
  const ui = {
    confirm: vi.fn(async () => true),
    // Answers as the operator who takes the default: the last (primary) choice, the date as offered.
    ask: vi.fn(async (options: AskOptions<string>) => ({
      choice: options.choices[options.choices.length - 1].value,
      date: options.date?.value,
    })),
    toastError: vi.fn(),
    offerUndo: vi.fn(),
    download: vi.fn(),
    showSaved: vi.fn(async () => {}),
    openCreate: vi.fn(),
  };
  return { services, ui, saved } as unknown as FakeBackend;
}

type EditorMode = { mode: 'create' } | { mode: 'edit'; billno: number };

export function renderEditor(
  billType: BillType,
  backend: FakeBackend,
  mode: EditorMode = { mode: 'create' },
  extra: Pick<BillEditorProps, 'initialData'> = {},
) {
  const props = { registry, types: typesOfRegistry(registry), billType, services: backend.services, ui: backend.ui, ...mode, ...extra } as BillEditorProps;
  return render(<BillEditor {...props} />);
}

/** A grid input by its column title and row: "QTY, Sr. No. 2" (the row is part of its accessible name). */
export function cell(title: string, row: string | number) {
  return screen.getByLabelText<HTMLInputElement>(`${title}, ${typeof row === 'number' ? `Sr. No. ${row}` : row}`);
}

/** The accessible names of the top-level rows of the goods grid, in order. */
export function goodsRowNames(): string[] {
  return screen
    .getAllByRole('row')
    .map((row) => row.getAttribute('aria-label') ?? '')
    .filter((name) => /^Sr\. No\. \d+$/.test(name));
}

/** Waits until the form shows, with the saved entries loaded into the suggestions. */
export async function formReady(backend: FakeBackend) {
  await screen.findByLabelText('Invoice No.');
  await waitFor(() => expect(backend.services.catalogEntries).toHaveBeenCalled());
  await act(async () => {});
}
