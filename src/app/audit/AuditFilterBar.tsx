import { useId } from 'react';
import { DayInput } from '../ui/DayInput';
import type { AuditFilters, AuditPage } from './audit-api';
import { actionWord } from './audit-words';

interface AuditFilterBarProps {
  filters: AuditFilters;
  /** The choices getaudit answered (operators, documents, actions); none until it first answers. */
  choices?: Pick<AuditPage, 'operators' | 'documents' | 'actions'>;
  onChange(filters: AuditFilters): void;
}

/** From, To, Operator, Document and Action; an empty choice is "any". */
export function AuditFilterBar({ filters, choices, onChange }: AuditFilterBarProps) {
  const id = useId();
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) => onChange({ ...filters, [key]: event.target.value });
  const setDay = (key: 'from' | 'to') => (day: string) => onChange({ ...filters, [key]: day });
  const select = (key: 'operator' | 'document' | 'action', label: string, options: { value: string; label: string }[]) => (
    <div className="audit-filter">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select id={`${id}-${key}`} value={filters[key] ?? ''} onChange={set(key)}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="audit-filters" role="group" aria-label="Filters">
      <div className="audit-filter">
        <label htmlFor={`${id}-from`}>From</label>
        <DayInput id={`${id}-from`} className="list-date" value={filters.from ?? ''} onChange={setDay('from')} />
      </div>
      <div className="audit-filter">
        <label htmlFor={`${id}-to`}>To</label>
        <DayInput id={`${id}-to`} className="list-date" value={filters.to ?? ''} onChange={setDay('to')} />
      </div>
      {select('operator', 'Operator', (choices?.operators ?? []).map((email) => ({ value: email, label: email })))}
      {select('document', 'Document', choices?.documents ?? [])}
      {select('action', 'Action', (choices?.actions ?? []).map((action) => ({ value: action, label: actionWord(action) })))}
    </div>
  );
}
