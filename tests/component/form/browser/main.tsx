import { createRoot } from 'react-dom/client';
import { readRegistry, type CompiledValidator, type Row } from '../../../../src/engine/core';
import { BillEditor, typesOfRegistry, type BillServices, type BillUi } from '../../../../src/engine/react';
import { precompiledValidators } from '../../../../src/generated/validators.js';
import { goodsRow, serviceProduct, validPayload } from '../../../fixtures/payloads';

/**
 * A page with the bill editor alone, over in-memory services, for measuring it in a real browser and
 * looking at it (keystroke-bench.ts). ?type=<bill type>&rows=<n> opens a stored bill of n lines;
 * &clients=<n> gives it n saved clients to suggest for the client name (npm run bench:form).
 */
const bundled = import.meta.glob('/schemas/**/*.json', { eager: true, import: 'default' });
const files = Object.fromEntries(Object.entries(bundled).map(([path, json]) => [path.replace(/^\/schemas\//, ''), json]));
// As the app builds it: files checked by `npm run gen`, read only.
const registry = readRegistry(files, (key) => precompiledValidators[key] as CompiledValidator);

const query = new URLSearchParams(location.search);
const billType = registry.byType(query.get('type') ?? '') ?? registry.billTypes[0];
const rows = Number(query.get('rows') ?? '0');
const clientCount = Number(query.get('clients') ?? '0');
const COMPANIES = ['Sahyadri Transport', 'Shree Ganesh Logistics', 'Konkan Roadways', 'Deccan Earthmovers', 'Vidarbha Gensets'];

/** Saved client n: a company and a number (many share a prefix, as a party master does), its address and GSTIN. */
function savedClient(n: number): Row {
  const { key, fills } = registry.clients;
  const client: Row = { [key.name]: `${COMPANIES[n % COMPANIES.length]} ${n}` };
  for (const fill of fills) client[fill.name] = fill.role === 'clientGstin' ? '27AAPFU0939F1ZV' : `Plot ${n}, MIDC, Taloja, Navi Mumbai 410208`;
  return client;
}

const services: BillServices = {
  nextBillNumber: async () => 1,
  catalogEntries: async () => [],
  saveCatalogEntry: async () => {},
  savedClients: async () => Array.from({ length: clientCount }, (_, i) => savedClient(i + 1)),
  submitBill: async () => new Blob(['%PDF'], { type: 'application/pdf' }),
  loadBill: async () => {
    const line = billType.lines === 'goods' ? goodsRow : serviceProduct;
    return { ...validPayload(billType, 0), billno: 1, product: Array.from({ length: rows }, (_, i) => line(billType, i + 1)) } as Row;
  },
};
const ui: BillUi = {
  confirm: async () => false,
  ask: async () => undefined,
  toastError: () => {},
  download: () => {},
  showSaved: async () => {},
};

const screen = { registry, types: typesOfRegistry(registry), billType, services, ui };
createRoot(document.getElementById('root')!).render(
  rows > 0 ? <BillEditor {...screen} mode="edit" billno={1} /> : <BillEditor {...screen} mode="create" />,
);
