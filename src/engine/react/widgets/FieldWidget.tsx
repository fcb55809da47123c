import type { WidgetProps } from '@rjsf/utils';
import { useSyncExternalStore } from 'react';
import { isIsoDay } from '../../core/periods';
import type { Row } from '../../core/rows';
import type { LiveValue } from '../editor/live-value';
import { stateCodeOf, stateName } from '../../core/gst';
import { checkMessage } from '../../core/field-checks';
import { DEFAULT_SERIES } from '../../core/number-series';
import { printedNumberOn } from '../../core/printed-number';
import { localIsoDay } from '../../core/financial-year';
import { EDITOR_TEXTS } from '../editor/texts';
import { catalogSource } from '../catalog-source';
import type { ComboboxOption } from '../controls/Combobox';
import { FieldControl } from '../controls/FieldControl';
import { useSeller } from '../templates/seller-context';
import { billFormContext } from '../form-context';
import { blurHandler, changeHandler } from './widget-value';

/**
 * The one rjsf widget of the header: it finds the field's spec in the registry and renders the same
 * FieldControl as a grid cell, so a header input and a grid input of a kind are one control.
 */
export function FieldWidget(props: WidgetProps) {
  const { billType, store, clients, pickClient, clientKeyRole, toastError, printedNumber, liveData } = billFormContext(props.registry);
  const seller = useSeller();
  const field = billType.root.byName[props.name];
  const isClientName = field.role !== undefined && field.role === clientKeyRole;
  const suggestions = isClientName ? clients : field.catalog === undefined ? undefined : catalogSource(store, field.catalog);
  const onChange = changeHandler(props);
  const blur = blurHandler(props);
  const control = (
    <FieldControl
      field={field}
      id={props.id}
      value={props.value}
      readOnly={props.readonly}
      disabled={props.disabled}
      suggestions={suggestions}
      onChange={onChange}
      onPick={isClientName ? (option?: ComboboxOption) => pickClient(option?.value ?? String(props.value ?? '')) : undefined}
      onBlur={() => {
        blur();
        // The field's own check (a GSTIN's check character, say) as the operator leaves it; empty is the save check's.
        const message = checkMessage(field, props.value, 1, billType.unitInfo);
        if (message) toastError(EDITOR_TEXTS.fieldCheckTitle, message);
      }}
    />
  );
  if (field.role === 'billNumber') {
    // The PDF and GSTR-1 print the number through the unit's series for the type ("S/13", "GI/26-27/0042"); a
    // stored bill keeps the one it was printed with.
    const series = seller?.series?.[billType.type] ?? billType.series;
    return (
      <>
        {control}
        {printedNumber !== undefined ? (
          <PrintedAs printed={printedNumber} value={props.value} />
        ) : (
          series !== DEFAULT_SERIES && liveData && <PrintedOnBillDate series={series} value={props.value} dateField={billType.roles.billDate.name} liveData={liveData} />
        )}
      </>
    );
  }
  if (field.role !== 'clientGstin') return control;
  // The buyer's state, read from the GSTIN's first two digits (it decides CGST + SGST or IGST).
  const state = stateName(stateCodeOf(String(props.value ?? '')));
  return (
    <>
      {control}
      {state && <span className="bill-field__note">State: {state}</span>}
    </>
  );
}

function PrintedAs({ printed, value }: { printed: string; value: unknown }) {
  return printed === String(value ?? '') ? null : <span className="bill-field__note">Printed as {printed}</span>;
}

interface PrintedOnBillDateProps {
  series: string;
  value: unknown;
  dateField: string;
  liveData: LiveValue<Row>;
}

/**
 * A new bill's number as its own financial year prints it (issue 50): a bill dated 15-03-2026 in a series with
 * {fy} prints "GI/25-26/0006" whatever today's year is. It follows the date as the operator types it.
 */
function PrintedOnBillDate({ series, value, dateField, liveData }: PrintedOnBillDateProps) {
  const date = useSyncExternalStore(liveData.subscribe, () => liveData.get()[dateField]);
  const day = isIsoDay(date) ? date : localIsoDay();
  return <PrintedAs printed={printedNumberOn(series, value, day)} value={value} />;
}
