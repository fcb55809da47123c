import { billPlaceOfSupply, documentWords, needsBuyerDetails, sellerStateCode, stateCodeOf, stateName } from '../engine/core';
import { headerValue, type DocumentContext } from './context';
import type { Content } from './doc-types';
import { plainText } from './format';

/** The buyer's GSTIN/UIN and, when its first two digits name a state, that state's name and code. */
function gstinLines(gstin: string): Content[] {
  return [
    {
      text: [
        { text: 'GSTIN/UIN: ', style: 'label' },
        { text: gstin, bold: true },
      ],
    },
    ...stateLines(stateCodeOf(gstin)),
  ];
}

const stateLines = (code: string | undefined): Content[] =>
  code ? [{ text: [{ text: 'State Name: ', style: 'label' }, `${stateName(code)}, Code: ${code}`] }] : [];

/**
 * What CGST Rule 46 asks of a tax invoice beside the buyer: the place of supply (the core's rule, as the
 * taxes were computed: the buyer's GSTIN state, the seller's for a buyer without one) and whether tax is
 * payable on reverse charge (never, for what this business sells).
 */
function supplyLines(context: DocumentContext): Content[] {
  if (!context.billType.tax) return [];
  const code = billPlaceOfSupply(context.billType, context.bill, sellerStateCode(context.unit, context.seller));
  const lines: Content[] = [];
  if (code) lines.push({ text: [{ text: 'Place of Supply: ', style: 'label' }, `${stateName(code)} (${code})`] });
  lines.push({ text: [{ text: `${documentWords(context.billType).reverseCharge}: `, style: 'label' }, 'No'] });
  return lines;
}

/**
 * The client block: the client's name (x-role clientName) in bold, the other fields (the address) as
 * typed, line breaks kept, and the GSTIN (x-role clientGstin) with the state read from it; for a buyer
 * without one, from the bill type's x-bill.buyerDetails value on, the state of the place of supply (Rule
 * 46(e)); on tax bills, the place of supply and the reverse-charge line.
 */
export function buyerBlock(context: DocumentContext): Content {
  const fields = context.billType.header.filter((field) => field.block === 'client');
  const lines: Content[] = [{ text: documentWords(context.billType).buyer, style: 'label' }];
  for (const field of fields) {
    const value = plainText(headerValue(context, field));
    if (field.role === 'clientGstin') {
      if (value !== '') lines.push(...gstinLines(value.toUpperCase()));
    } else if (field.role === 'placeOfSupply') {
      if (needsBuyerDetails(context.billType, context.bill, sellerStateCode(context.unit, context.seller))) {
        lines.push(...stateLines(stateCodeOf(value)));
      }
    } else if (value !== '' || field.role === 'clientName') {
      lines.push(field.role === 'clientName' ? { text: value, style: 'partyName' } : { text: value, margin: [0, 1, 0, 2] });
    }
  }
  return { stack: [...lines, ...supplyLines(context)], margin: [4, 3, 4, 3] };
}
