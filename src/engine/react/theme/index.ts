import { withTheme, type ThemeProps } from '@rjsf/core';
import '../styles/document.css';
import '../styles/notices.css';
import '../styles/controls.css';
import '../styles/grid.css';
import { createFields } from './fields';
import { createTemplates } from './templates';
import { createWidgets } from './widgets';

/** The bill theme as data: plain maps of fields, widgets and templates. */
export const billTheme: ThemeProps = {
  fields: createFields(),
  widgets: createWidgets(),
  templates: createTemplates(),
};

/** An rjsf Form rendering bills: give it a bill type's schema, uiSchemaFor(billType) and a BillFormContext. */
export const BillForm = withTheme(billTheme);

export { billFormContext, type BillFormContext, type EditorMode } from '../form-context';
export { uiSchemaFor } from './ui-schema';
export { formValidator } from './validator';
