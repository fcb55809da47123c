import type { WidgetProps } from '@rjsf/utils';
import { useCatalogNames } from '../useCatalogNames';
import { AutocompleteInput, CatalogList } from '../controls/AutocompleteInput';
import { billFormContext } from '../form-context';
import { blurHandler, changeHandler } from './widget-value';

/** A text input suggesting the saved entries of the field's x-catalog. */
export function AutocompleteWidget(props: WidgetProps) {
  const catalog = String(props.schema['x-catalog']);
  const names = useCatalogNames(billFormContext(props.registry).store, catalog);
  const listId = `${props.id}-suggestions`;
  return (
    <>
      <AutocompleteInput
        id={props.id}
        value={props.value}
        listId={listId}
        disabled={props.disabled || props.readonly}
        onChange={changeHandler(props)}
        onBlur={blurHandler(props)}
      />
      <CatalogList id={listId} names={names} />
    </>
  );
}
