import { useId, useState } from 'react';
import { DayInput } from './DayInput';
import type { AskAnswer, AskOptions } from '../../engine/react/contract';
import { ConfirmModal } from './ConfirmModal';

export interface AskModalProps<T extends string> {
  options: AskOptions<T>;
  close(answer: AskAnswer<T> | undefined): void;
}

/**
 * A question with its own answers (Save anyway / Use 6, Convert again / Cancel) on the app's one modal,
 * with a date the operator may change first (a conversion's date).
 */
export function AskModal<T extends string>({ options, close }: AskModalProps<T>) {
  const [date, setDate] = useState(options.date?.value ?? '');
  const dateId = useId();
  const [left, right] = options.choices.length > 1 ? options.choices : [undefined, options.choices[0]];
  const button = (choice: (typeof options.choices)[number] | undefined) =>
    choice && {
      label: choice.label,
      tone: choice.tone,
      onClick: () => close({ choice: choice.value, ...(options.date ? { date } : {}) }),
    };
  return (
    <ConfirmModal
      image="question"
      title={options.title}
      description={options.description}
      leftButton={button(left)}
      rightButton={button(right)}
      onClose={() => close(undefined)}
    >
      {options.date && (
        <p className="modal-field">
          <label htmlFor={dateId}>{options.date.label}</label>
          <DayInput id={dateId} value={date} onChange={setDate} />
        </p>
      )}
    </ConfirmModal>
  );
}
