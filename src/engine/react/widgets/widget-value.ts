import type { WidgetProps } from '@rjsf/utils';

/** rjsf's convention: a cleared input reports the field's empty value (undefined unless ui:emptyValue says so). */
export function changeHandler(props: WidgetProps) {
  return (text: string) => props.onChange(text === '' ? props.options.emptyValue : text);
}

export function blurHandler(props: WidgetProps) {
  return () => props.onBlur(props.id, props.value);
}
