import { documentWords } from '../engine/core';
import type { DocumentContext } from './context';
import type { Content } from './doc-types';
import { SIGNATURE_IMAGE } from './letterhead';
import { scaledWidth } from './page-layout';
import { BOXED } from './styles';

const SIGNATURE_BOX: [number, number] = [120, 32];

/** "for <company>", the signature image when saved (else room to sign), then the signatory. */
function signatory(context: DocumentContext): Content[] {
  const { seller, unit } = context;
  const signature: Content =
    seller.signature === ''
      ? { text: unit.pdf.signatory, alignment: 'right', margin: [0, 30, 0, 0] }
      : {
          stack: [
            { image: SIGNATURE_IMAGE, fit: SIGNATURE_BOX, alignment: 'right', margin: [0, 2, 0, 0] },
            { text: unit.pdf.signatory, alignment: 'right' },
          ],
        };
  const signedFor = documentWords(context.billType).signedFor.replaceAll('{company}', seller.companyName);
  return [{ text: signedFor, bold: true, alignment: 'right' }, signature];
}

/**
 * The declaration (the bill type's own, else the unit's, its {document} named for this bill type) beside
 * "for <company>" and the signatory, then the footer line (the type's, else the unit's).
 */
export function closingBlock(context: DocumentContext): Content {
  const { documentName, declaration, footer } = context.billType.pdf;
  const pdf = { ...context.unit.pdf, ...(declaration && { declaration }), ...(footer && { footer }) };
  const fill = (text: string) => text.replaceAll('{document}', documentName);
  const declarationCell: Content = {
    stack: [
      { text: documentWords(context.billType).declaration, style: 'label' },
      { text: fill(pdf.declaration), style: 'small' },
    ],
  };
  // Side by side on a sheet; on a roll the signatory goes under the declaration.
  const body = context.layout.oneColumn
    ? [[declarationCell], [{ stack: signatory(context) }]]
    : [[declarationCell, { stack: signatory(context) }]];
  return {
    stack: [
      {
        table: { widths: context.layout.oneColumn ? ['*'] : ['*', scaledWidth(200, context.layout)], body },
        layout: BOXED,
      },
      { text: fill(pdf.footer), style: 'small', alignment: 'center', margin: [0, 4, 0, 0] },
    ],
    unbreakable: true,
    margin: [0, 10, 0, 0],
  };
}
