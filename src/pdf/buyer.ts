import { stateCodeOf, stateName } from '../engine/core';
import { headerValue, type DocumentContext } from './context';
import type { Content } from './doc-types';
import { plainText } from './format';

/** The buyer's GSTIN/UIN and, when its first two digits name a state, that state's name and code. */
function gstinLines(gstin: string): Content[] {
  const code = stateCodeOf(gstin);
  const lines: Content[] = [
    {
      text: [
        { text: 'GSTIN/UIN: ', style: 'label' },
        { text: gstin, bold: true },
      ],
    },
  ];
  if (code) lines.push({ text: [{ text: 'State Name: ', style: 'label' }, `${stateName(code)}, Code: ${code}`] });
  return lines;
}

/**
 * The client block: the client's name (x-role clientName) in bold, the other fields (the address) as
 * typed, line breaks kept, and the GSTIN (x-role clientGstin) with the state read from it.
 */
export function buyerBlock(context: DocumentContext): Content {
  const fields = context.billType.header.filter((field) => field.block === 'client');
  const lines: Content[] = [{ text: 'Buyer', style: 'label' }];
  for (const field of fields) {
    const value = plainText(headerValue(context, field));
    if (field.role === 'clientGstin') {
      if (value !== '') lines.push(...gstinLines(value.toUpperCase()));
    } else {
      lines.push(field.role === 'clientName' ? { text: value, style: 'partyName' } : { text: value, margin: [0, 1, 0, 2] });
    }
  }
  return { stack: lines, margin: [4, 3, 4, 3] };
}
