import { stateCodeOf, stateName } from '../engine';
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
 * The client block: the first field (the client's name) in bold, the next ones (the address) as
 * typed, line breaks kept, and a GSTIN field (x-gstin) with the state read from it.
 */
export function buyerBlock(context: DocumentContext): Content {
  const fields = context.billType.header.filter((field) => field.block === 'client');
  const lines: Content[] = [{ text: 'Buyer', style: 'label' }];
  fields.forEach((field, index) => {
    const value = plainText(headerValue(context, field));
    if (field.gstin) {
      if (value !== '') lines.push(...gstinLines(value.toUpperCase()));
    } else {
      lines.push(index === 0 ? { text: value, style: 'partyName' } : { text: value, margin: [0, 1, 0, 2] });
    }
  });
  return { stack: lines, margin: [4, 3, 4, 3] };
}
