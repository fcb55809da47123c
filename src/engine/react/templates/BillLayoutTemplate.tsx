import type { ObjectFieldTemplatePropertyType, ObjectFieldTemplateProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { billFormContext } from '../form-context';
import { Letterhead } from './Letterhead';

/** Headings of the header blocks a field joins with x-block. */
const BLOCK_TITLES: Record<string, string> = {
  client: 'Client',
  details: 'Bill Details',
  dispatch: 'Dispatch Details',
};
/** Blocks printed under the seller's letterhead (the parties), the others beside them. */
const WITH_LETTERHEAD = new Set(['client']);

/**
 * The bill's top-level object laid out like the printed document: title, letterhead, client block and
 * details block side by side, then the rows. The dispatch fields join the details block on every screen
 * (issue 15: the edit screen lays out the header as the create screen does). Nested objects render as a plain group.
 */
export function BillLayoutTemplate(props: ObjectFieldTemplateProps) {
  if (props.fieldPathId.path.length > 0) return <PlainObject {...props} />;
  const { billType } = billFormContext(props.registry);
  const blockOf = (property: ObjectFieldTemplatePropertyType) => {
    const name = billType.root.byName[property.name]?.block;
    return name === 'dispatch' ? 'details' : name;
  };
  const inBlock = (name: string) => props.properties.filter((property) => blockOf(property) === name);
  const blocks = [...new Set(props.properties.map(blockOf).filter((name) => name !== undefined))];
  const header = blocks;
  const rest = props.properties.filter((property) => blockOf(property) === undefined);
  const renderBlock = (name: string) => (
    <Block key={name} name={name} formId={props.fieldPathId.$id}>
      {inBlock(name).map((property) => property.content)}
    </Block>
  );

  return (
    <div className="bill-doc">
      <h1 className="bill-doc__title">{billType.label}</h1>
      <div className="bill-doc__header">
        <div className="bill-doc__parties">
          <Letterhead unit={billType.unitInfo} />
          {header.filter((name) => WITH_LETTERHEAD.has(name)).map(renderBlock)}
        </div>
        {header.filter((name) => !WITH_LETTERHEAD.has(name)).map(renderBlock)}
      </div>
      {rest.map((property) => property.content)}
    </div>
  );
}

function Block({ name, formId, children }: { name: string; formId: string; children: ReactNode }) {
  const headingId = `${formId}-${name}-heading`;
  return (
    <section className="bill-block" aria-labelledby={headingId}>
      <h2 className="bill-block__title" id={headingId}>
        {BLOCK_TITLES[name] ?? name}
      </h2>
      <div className="bill-block__fields">{children}</div>
    </section>
  );
}

function PlainObject({ title, properties }: ObjectFieldTemplateProps) {
  return (
    <fieldset className="bill-block">
      {title && <legend className="bill-block__title">{title}</legend>}
      {properties.map((property) => property.content)}
    </fieldset>
  );
}
