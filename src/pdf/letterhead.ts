import type { Unit } from '../engine/core';
import type { Content } from './doc-types';

/** "A  |  B", leaving out the parts the unit has not filled in. */
function joined(parts: (string | false)[]): string {
  return parts.filter((part): part is string => Boolean(part)).join('   |   ');
}

/** The seller: company name, address, GST/UIN, state name and code, contact and e-mail. */
export function letterhead(unit: Unit): Content {
  const { companyName, address, gstin, stateName, stateCode, contact, email } = unit.letterhead;
  return {
    stack: [
      { text: companyName, style: 'companyName' },
      { text: address, style: 'letterheadLine' },
      {
        text: joined([
          gstin !== '' && `GSTIN/UIN: ${gstin}`,
          stateName !== '' && `State Name: ${stateName}, Code: ${stateCode}`,
        ]),
        style: 'letterheadLine',
      },
      {
        text: joined([contact !== '' && `Contact: ${contact}`, email !== '' && `E-Mail: ${email}`]),
        style: 'letterheadLine',
      },
    ],
    margin: [0, 2, 0, 2],
  };
}
