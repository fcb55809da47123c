import type { ClientsSpec, Row } from '../../engine/core';

/** One input of the client form: a bill field the client keeps (by role) or a contact detail of its own. */
export interface ClientInput {
  name: string;
  title: string;
  required: boolean;
  maxLength?: number;
  multiLine: boolean;
  /** The GSTIN: its state is shown beside it. */
  gstin: boolean;
}

/** The form's inputs in clients.json's order: the key (client name), what it fills, then the contact details. */
export function clientInputs(spec: ClientsSpec): ClientInput[] {
  const billInputs = [spec.key, ...spec.fills].map((field) => {
    const maxLength = field.field.schema.maxLength;
    return {
      name: field.name,
      title: field.title,
      required: field === spec.key || field.required,
      maxLength: typeof maxLength === 'number' ? maxLength : undefined,
      multiLine: field.field.widget === 'textarea',
      gstin: field.role === 'clientGstin',
    };
  });
  const contactInputs = spec.contact.map((detail) => ({
    name: detail.name,
    title: detail.title,
    required: false,
    maxLength: detail.maxLength,
    multiLine: false,
    gstin: false,
  }));
  return [...billInputs, ...contactInputs];
}

/** The form's starting values: the saved client's (text), or empty for a new one. */
export function formValues(inputs: ClientInput[], client?: Row): Record<string, string> {
  return Object.fromEntries(inputs.map((input) => [input.name, client?.[input.name] === undefined ? '' : String(client[input.name])]));
}
