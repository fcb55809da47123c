import type { ObjectFieldTemplatePropertyType, ObjectFieldTemplateProps } from '@rjsf/utils';
import { useEffect, useState, type ReactNode } from 'react';
import { billFormContext } from '../form-context';
import { Letterhead } from './Letterhead';

/** Headings of the header blocks a field joins with x-block. */
const BLOCK_TITLES: Record<string, string> = {
  client: 'Client',
  details: 'Bill Details',
  dispatch: 'Dispatch details',
  transport: 'Transport',
};
/**
 * Blocks shown after the bill's details, beside the seller's letterhead (the buyer): on screen the letterhead
 * stands alone on the left, so the header is as tall as its longer column and no taller (issue 30: the first line
 * of a new bill in view at 1366×768 and 1024×768). Tab goes from the client's fields straight on to the lines.
 */
const AFTER_DETAILS = new Set(['client']);
/**
 * Blocks shown folded inside another (issue 30: the tax dispatch fields, rarely typed, fold into "Dispatch
 * details" in the details block, so the first line of a new bill is in view; issue 33's transport fields alike),
 * open when any of them is filled.
 */
const FOLDED_INTO: Record<string, string> = { dispatch: 'details', transport: 'details' };

/**
 * The bill's top-level object laid out like a printed bill: title, the seller's letterhead beside the bill's
 * details and the client, then the rows. The dispatch fields join the details block, folded, on every
 * screen (issue 15: the edit screen lays out the header as the create screen does; issue 30: folded). Nested objects render as a plain group.
 */
export function BillLayoutTemplate(props: ObjectFieldTemplateProps) {
  if (props.fieldPathId.path.length > 0) return <PlainObject {...props} />;
  const { billType } = billFormContext(props.registry);
  const ownBlock = (property: ObjectFieldTemplatePropertyType) => billType.root.byName[property.name]?.block;
  const blockOf = (property: ObjectFieldTemplatePropertyType) => {
    const name = ownBlock(property);
    return name === undefined ? undefined : (FOLDED_INTO[name] ?? name);
  };
  const blocks = [...new Set(props.properties.map(blockOf).filter((name) => name !== undefined))];
  const header = blocks;
  const rest = props.properties.filter((property) => blockOf(property) === undefined);
  const values = (props.formData ?? {}) as Record<string, unknown>;
  const renderBlock = (name: string) => {
    const own = props.properties.filter((property) => ownBlock(property) === name);
    const folded = Object.keys(FOLDED_INTO).filter((fold) => FOLDED_INTO[fold] === name);
    return (
      <Block key={name} name={name} formId={props.fieldPathId.$id}>
        {own.map((property) => property.content)}
        {folded.map((fold) => {
          const inFold = props.properties.filter((property) => ownBlock(property) === fold);
          if (inFold.length === 0) return null;
          const filled = inFold.some((property) => String(values[property.name] ?? '').trim() !== '');
          return (
            <Fold key={fold} title={BLOCK_TITLES[fold] ?? fold} filled={filled}>
              {inFold.map((property) => property.content)}
            </Fold>
          );
        })}
      </Block>
    );
  };

  return (
    <div className="bill-doc">
      <h1 className="bill-doc__title">{billType.label}</h1>
      <div className="bill-doc__header">
        <div className="bill-doc__parties">
          <Letterhead unit={billType.unitInfo} />
        </div>
        <div className="bill-doc__blocks">
          {header.filter((name) => !AFTER_DETAILS.has(name)).map(renderBlock)}
          {header.filter((name) => AFTER_DETAILS.has(name)).map(renderBlock)}
        </div>
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

/** A folded group of fields: open when any is filled (a bill that has them), else one click or Enter away. */
function Fold({ title, filled, children }: { title: string; filled: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(filled);
  useEffect(() => {
    if (filled) setOpen(true);
  }, [filled]);
  return (
    <details className="bill-fold" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="bill-fold__title">{title}</summary>
      <div className="bill-fold__fields">{children}</div>
    </details>
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
