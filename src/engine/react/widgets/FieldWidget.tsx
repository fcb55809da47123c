import type { WidgetProps } from '@rjsf/utils';
import { catalogSource } from '../catalog-source';
import { FieldControl } from '../controls/FieldControl';
import { billFormContext } from '../form-context';
import { blurHandler, changeHandler } from './widget-value';

/**
 * The one rjsf widget of the header: it finds the field's spec in the registry and renders the same
 * FieldControl as a grid cell, so a header input and a grid input of a kind are one control.
 */
export function FieldWidget(props: WidgetProps) {
  const { billType, store } = billFormContext(props.registry);
  const field = billType.root.byName[props.name];
  return (
    <FieldControl
      field={field}
      id={props.id}
      value={props.value}
      readOnly={props.readonly}
      disabled={props.disabled}
      suggestions={field.catalog === undefined ? undefined : catalogSource(store, field.catalog)}
      onChange={changeHandler(props)}
      onBlur={blurHandler(props)}
    />
  );
}
