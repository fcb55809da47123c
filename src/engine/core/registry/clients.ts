import { SchemaError } from '../schema/json-schema';
import type { BillType, ClientContactField, ClientField, ClientsSpec, FieldRole } from './types';

export const CLIENTS_FILE = 'clients.json';

/** clients.json's `clients` block as written (checked against meta/clients.schema.json first). */
interface ClientsDeclaration {
  key: FieldRole;
  fills: FieldRole[];
  required?: FieldRole[];
  contact: Record<string, Omit<ClientContactField, 'name'>>;
  endpoints: ClientsSpec['endpoints'];
  listKey: string;
}

/**
 * The saved clients as the engine uses them: each declared role resolved to the bill fields that carry it.
 * A client answers one key per role, so every bill type must name a role's field alike.
 */
export function readClientsSpec(file: unknown, billTypes: BillType[]): ClientsSpec {
  const declaration = (file as { clients: ClientsDeclaration }).clients;
  const required = new Set<FieldRole>(declaration.required ?? []);
  const key = clientField(declaration.key, billTypes, true);
  if (!key) throw new SchemaError(CLIENTS_FILE, `no bill type has a field with x-role "${declaration.key}"`);
  const fills = declaration.fills
    .map((role) => clientField(role, billTypes, required.has(role)))
    .filter((field): field is ClientField => field !== undefined);
  const contact = Object.entries(declaration.contact).map(([name, detail]) => ({ name, ...detail }));
  const taken = [key, ...fills].map((field) => field.name);
  const clash = contact.find((detail) => taken.includes(detail.name));
  if (clash) throw new SchemaError(CLIENTS_FILE, `contact "${clash.name}" has the name of a bill field`);
  return { key, fills, contact, endpoints: declaration.endpoints, listKey: declaration.listKey };
}

function clientField(role: FieldRole, billTypes: BillType[], required: boolean): ClientField | undefined {
  const carriers = billTypes.filter((billType) => billType.roles[role as keyof BillType['roles']] !== undefined);
  if (carriers.length === 0) return undefined;
  const fieldOf = (billType: BillType) => billType.roles[role as keyof BillType['roles']]!;
  const first = carriers[0];
  const other = carriers.find((billType) => fieldOf(billType).name !== fieldOf(first).name);
  if (other) {
    throw new SchemaError(
      other.file,
      `the x-role "${role}" field is named ${fieldOf(other).name}, but ${fieldOf(first).name} in ${first.file}: saved clients need one name`,
    );
  }
  const field = fieldOf(first);
  return { role, name: field.name, title: field.title, field, required };
}
