import { filledText, type BillType, type ClientDetails, type ContractMessage, type ContractsSpec, type FieldRole } from '../../engine/core';
import type { Row } from '../../engine/core/rows';
import type { ContractTerms } from '../storage/contracts';

/** The header roles a contract does not keep: each cycle's bill gets its own number and date, and the client is the contract's. */
export const CYCLE_OWN_ROLES: readonly FieldRole[] = ['billNumber', 'billDate', 'clientName'];

/**
 * The bill a contract's cycle raises, as a create's body: the saved client's values (address, GSTIN) where the contract
 * names none, the contract's header and lines, its client, and the cycle's number and date.
 */
export function cycleBillPayload(
  billType: BillType,
  clientName: string,
  terms: Pick<ContractTerms, 'header' | 'lines'>,
  client: ClientDetails | undefined,
  billno: number,
  date: string,
): Row {
  const payload: Row = {};
  for (const field of billType.header) {
    const saved = field.role && client?.fills[field.role];
    if (saved) payload[field.name] = saved;
  }
  Object.assign(payload, terms.header);
  payload[billType.roles.clientName.name] = clientName;
  payload[billType.roles.billNumber.name] = billno;
  payload[billType.roles.billDate.name] = date;
  payload[billType.rowsField.name] = terms.lines;
  return payload;
}

/** contracts.json's message with its placeholders filled. */
export function contractMessage(spec: ContractsSpec, name: ContractMessage, values: Record<string, string | number> = {}): string {
  return filledText(spec.messages[name], Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])));
}
