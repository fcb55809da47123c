import type { RegistryFieldsType } from '@rjsf/utils';
import { LineGridField } from '../grid/LineGridField';
import { ServiceProductsField } from '../grid/ServiceProductsField';

/** The custom fields of the bill theme: each list of rows is one field that renders its rows itself. */
export function createFields(): RegistryFieldsType {
  return { LineGridField, ServiceProductsField };
}
