import type { FieldTemplateProps } from '@rjsf/utils';

/**
 * Every header input with a visible <label> tied to it by id (spec texts, e.g. "Client Company Name").
 * Lists of rows and objects label themselves. Bill checks show as toasts (spec 5), not under fields.
 */
export function FieldTemplate({ id, label, displayLabel, children, hidden, schema }: FieldTemplateProps) {
  if (hidden) return <div hidden>{children}</div>;
  if (!displayLabel) return children;
  const wide = schema['x-widget'] === 'textarea';
  return (
    <div className={wide ? 'bill-field bill-field--wide' : 'bill-field'}>
      <label className="bill-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}
