import { carriedOver } from '../../core/bill-data';
import type { RegistryIndex } from '../../core/registry/registry';
import type { BillType } from '../../core/registry/types';
import { hasVisibleText } from '../../core/visible-text';
import type { Row } from '../../core/rows';
import type { BillTypes, BillUi } from '../contract';
import { EDITOR_TEXTS } from './texts';

/**
 * A saved client without a GSTIN picked on a bill that needs one (a type with x-bill.unregisteredAs): asks
 * whether to bill them on the unregistered-buyer type instead. On yes, resolves with that type and what its create
 * screen starts from (what was typed, with the client's values); undefined when the operator stays or nothing is offered.
 */
export async function offerUnregistered(
  registry: RegistryIndex,
  types: BillTypes,
  billType: BillType,
  ui: BillUi,
  data: Row,
  client: Row,
): Promise<{ target: BillType; initialData: Row } | undefined> {
  const gstin = billType.roles.clientGstin;
  const target = billType.unregisteredAs === undefined ? undefined : registry.byType(billType.unregisteredAs);
  if (!target || !gstin || !ui.openCreate || hasVisibleText(client[gstin.name])) return undefined;
  const texts = EDITOR_TEXTS.unregistered;
  const name = String(client[billType.roles.clientName.name] ?? '');
  const answer = await ui.ask({
    title: texts.title,
    description: texts.description(name, target.menuLabel),
    // The last choice is focused: Enter keeps the operator on the screen they chose.
    choices: [
      { label: texts.move, value: 'move' },
      { label: texts.stay, value: 'stay', tone: 'primary' },
    ],
  });
  if (answer?.choice !== 'move') return undefined;
  const moveTo = await types.load(target);
  return { target: moveTo, initialData: carriedOver(billType, moveTo, { ...data, ...client }) };
}
