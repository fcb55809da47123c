import type { RegistryWidgetsType } from '@rjsf/utils';
import { FieldWidget } from '../widgets/FieldWidget';

/** The widgets of the bill theme: one, which picks its control from the field's keywords (testers.ts). */
export function createWidgets(): RegistryWidgetsType {
  return { FieldWidget };
}
