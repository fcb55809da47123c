import type { WidgetProps } from '@rjsf/utils';
import { NumberInput } from '../controls/NumberInput';
import { blurHandler, changeHandler } from './widget-value';

/** A decimal input (spec 5 and 9 key rules) stepping within the schema's minimum and maximum. */
export function NumberWidget(props: WidgetProps) {
  const { minimum, maximum } = props.schema;
  return (
    <NumberInput
      id={props.id}
      value={props.value}
      readOnly={props.readonly}
      disabled={props.disabled}
      bounds={{ minimum, maximum }}
      onChange={changeHandler(props)}
      onBlur={blurHandler(props)}
    />
  );
}
