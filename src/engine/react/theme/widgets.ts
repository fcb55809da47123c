import type { RegistryWidgetsType } from '@rjsf/utils';
import { AutocompleteWidget } from '../widgets/AutocompleteWidget';
import { DateWidget } from '../widgets/DateWidget';
import { NumberWidget } from '../widgets/NumberWidget';
import { SelectWidget } from '../widgets/SelectWidget';
import { TextareaWidget } from '../widgets/TextareaWidget';
import { TextWidget } from '../widgets/TextWidget';

/** The widgets of the bill theme, keyed as testers.ts names them (rjsf's own names where they exist). */
export function createWidgets(): RegistryWidgetsType {
  return { AutocompleteWidget, DateWidget, NumberWidget, SelectWidget, TextareaWidget, TextWidget };
}
