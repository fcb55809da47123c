import type { WidgetProps } from '@rjsf/utils';
import { TextWidget } from './TextWidget';

/** The browser's date picker; the value is an ISO date (YYYY-MM-DD), as the schema expects. */
export function DateWidget(props: WidgetProps) {
  return <TextWidget {...props} options={{ ...props.options, inputType: 'date' }} />;
}
