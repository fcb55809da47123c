import type { WidgetProps } from '@rjsf/utils';
import { displayText } from '../controls/number-text';
import { blurHandler, changeHandler } from './widget-value';

/** A multi-line text input (an address). */
export function TextareaWidget(props: WidgetProps) {
  const onChange = changeHandler(props);
  return (
    <textarea
      id={props.id}
      name={props.htmlName ?? props.id}
      className="bill-input bill-textarea"
      rows={typeof props.options.rows === 'number' ? props.options.rows : 3}
      value={displayText(props.value)}
      disabled={props.disabled}
      readOnly={props.readonly}
      onChange={(event) => onChange(event.target.value)}
      onBlur={blurHandler(props)}
    />
  );
}
