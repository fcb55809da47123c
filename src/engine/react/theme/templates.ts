import type { TemplatesType } from '@rjsf/utils';
import { BillLayoutTemplate } from '../templates/BillLayoutTemplate';
import { FieldTemplate } from '../templates/FieldTemplate';

/** The templates of the bill theme: labelled header fields and the document-like layout. */
export function createTemplates(): Partial<TemplatesType> {
  return { FieldTemplate, ObjectFieldTemplate: BillLayoutTemplate };
}
