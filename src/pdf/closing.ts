import type { DocumentContext } from './context';
import type { Content } from './doc-types';
import { BOXED } from './styles';

/** The unit's declaration (its {document} named for this bill type) beside "for <company>" and the signatory, then the computer-generated note. */
export function closingBlock(context: DocumentContext): Content {
  const { letterhead, pdf } = context.unit;
  const { documentName } = context.billType.pdf;
  const fill = (text: string) => text.replaceAll('{document}', documentName);
  return {
    stack: [
      {
        table: {
          widths: ['*', 200],
          body: [
            [
              {
                stack: [
                  { text: 'Declaration', style: 'label' },
                  { text: fill(pdf.declaration), style: 'small' },
                ],
              },
              {
                stack: [
                  { text: `for ${letterhead.companyName}`, bold: true, alignment: 'right' },
                  { text: pdf.signatory, alignment: 'right', margin: [0, 30, 0, 0] },
                ],
              },
            ],
          ],
        },
        layout: BOXED,
      },
      { text: fill(pdf.footer), style: 'small', alignment: 'center', margin: [0, 4, 0, 0] },
    ],
    unbreakable: true,
    margin: [0, 10, 0, 0],
  };
}
