import type { WidgetProps } from '@rjsf/utils';
import type { SelectOption } from '../../core/registry/types';
import { SelectInput } from '../controls/SelectInput';
import { blurHandler, changeHandler } from './widget-value';

/** A select over the schema's x-options, or its enum when it has no x-options. */
export function SelectWidget(props: WidgetProps) {
  const options =
    (props.schema['x-options'] as SelectOption[] | undefined) ??
    (props.options.enumOptions ?? []).map((option) => ({ label: option.label, value: String(option.value) }));
  return (
    <SelectInput
      id={props.id}
      value={props.value}
      options={options}
      disabled={props.disabled || props.readonly}
      onChange={changeHandler(props)}
      onBlur={blurHandler(props)}
    />
  );
}
