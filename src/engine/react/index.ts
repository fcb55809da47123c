/**
 * The engine's React side: the bill theme for rjsf and the generic create / edit / convert screen.
 * The app imports from here only.
 */
export type {
  AskAnswer,
  AskChoice,
  AskOptions,
  BillScreenProps,
  BillServices,
  BillUi,
  CatalogEntry,
  ConfirmOptions,
  DraftStore,
  SaveMethod,
  SavedDraft,
} from './contract';
export { BillEditor } from './editor/BillEditor';
export { typesOfRegistry } from './editor/registry-types';
export type { BillEditorProps } from './editor/useBillEditor';
export { EDITOR_TEXTS } from './editor/texts';
export { GRID_LABELS } from './grid/labels';
export { BillForm, billTheme, formValidator, uiSchemaFor, type BillFormContext, type EditorMode } from './theme';
export { NumberInput, type NumberInputProps } from './controls/NumberInput';
export { Combobox, type ComboboxOption, type ComboboxProps, type ComboboxSource } from './controls/Combobox';
export { catalogSource } from './catalog-source';
