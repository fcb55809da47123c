import type { WidgetProps } from '@rjsf/utils';
import { displayText } from '../controls/number-text';
import { blurHandler, changeHandler } from './widget-value';

/** A plain one-line text input; its <label> comes from the FieldTemplate. */
export function TextWidget(props: WidgetProps) {
  const onChange = changeHandler(props);
  return (
    <input
      id={props.id}
      name={props.htmlName ?? props.id}
      className="bill-input"
      type={typeof props.options.inputType === 'string' ? props.options.inputType : 'text'}
      value={displayText(props.value)}
      disabled={props.disabled}
      readOnly={props.readonly}
      autoFocus={props.autofocus}
      onChange={(event) => onChange(event.target.value)}
      onBlur={blurHandler(props)}
    />
  );
}
