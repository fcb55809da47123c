import { DEFAULT_SERIES, financialYearLabel, financialYearOf, localIsoDay, printedBillNumber, type BillTypeEntry } from '../../engine/core';

export interface SeriesSettingsProps {
  billTypes: BillTypeEntry[];
  series: Record<string, string>;
  /** The formats as saved: a change from one mid-year warns that numbering will jump (issue 50). */
  savedSeries: Record<string, string>;
  invalid?: string;
  onChange(type: string, format: string): void;
}

/**
 * A unit's number series on its Business Profile (issue 27): one format per bill type, with how its first bill
 * of this financial year would print. `{fy}` restarts the counter every 1 April.
 */
export function SeriesSettings({ billTypes, series, savedSeries, invalid, onChange }: SeriesSettingsProps) {
  const fy = financialYearOf(localIsoDay());
  return (
    <fieldset className="profile__series">
      <legend>Number series</legend>
      <p className="profile__hint">
        Letters, digits, / and -, with {'{n}'} for the number ({'{n:4}'} pads it to 4 digits) and {'{fy}'} for the
        financial year, e.g. GI/{'{fy}'}/{'{n:4}'}. A series with {'{fy}'} starts again at 1 every 1 April.
      </p>
      <div className="profile__fields">
        {billTypes.map((billType) => {
          const id = `profile-series-${billType.type}`;
          const format = series[billType.type] ?? billType.series;
          const changed = format.trim() !== (savedSeries[billType.type] ?? billType.series);
          return (
            <div key={billType.type} className="profile__field">
              <label htmlFor={id}>{billType.menuLabel}</label>
              <input
                id={id}
                value={format}
                maxLength={40}
                spellCheck={false}
                aria-invalid={invalid === id || undefined}
                aria-describedby={changed ? `${id}-hint ${id}-jump` : `${id}-hint`}
                onChange={(event) => onChange(billType.type, event.target.value)}
              />
              <small id={`${id}-hint`} className="profile__hint">
                {format === DEFAULT_SERIES ? 'The bare number: ' : 'Prints as '}
                {printedBillNumber(format, 1, fy)}, {printedBillNumber(format, 2, fy)} ...
              </small>
              {changed && (
                <small id={`${id}-jump`} className="profile__warning">
                  Numbering will jump: the {billType.menuLabel} bills of {financialYearLabel(fy)} so far keep their numbers, and the next
                  one prints in this series with the year's next number. A series is best changed on 1 April.
                </small>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
