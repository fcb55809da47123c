import type { ObjectSpec } from '../../core/registry/types';
import type { CatalogStore } from '../../core/catalog-store';
import { useCatalogNames } from '../useCatalogNames';
import { CatalogList } from '../controls/AutocompleteInput';
import { catalogListId } from '../form-context';

/** Every catalog a row shape (nested rows included) autocompletes from. */
export function catalogsOf(spec: ObjectSpec): string[] {
  const names = spec.fields.flatMap((field) => (field.rows ? catalogsOf(field.rows) : field.catalog ? [field.catalog] : []));
  return [...new Set(names)];
}

/** One datalist per catalog a grid uses, shared by all its rows. */
export function CatalogLists({ spec, formId, store }: { spec: ObjectSpec; formId: string; store: CatalogStore }) {
  return (
    <>
      {catalogsOf(spec).map((catalog) => (
        <StoredCatalogList key={catalog} id={catalogListId(formId, catalog)} catalog={catalog} store={store} />
      ))}
    </>
  );
}

function StoredCatalogList({ id, catalog, store }: { id: string; catalog: string; store: CatalogStore }) {
  return <CatalogList id={id} names={useCatalogNames(store, catalog)} />;
}
