import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Row } from '../../../engine/core/rows';
import type { BillScreenProps, BillServices } from '../../../engine/react/contract';
import { BillEditor } from '../../../engine/react';
import { messageOf } from '../../../engine/react/errors';
import { isoToIndian as displayDate } from '../../../engine/core/typed-date';
import { AgainstPicker } from './AgainstPicker';
import { AGAINST_PARAM, againstParam, noteStartData, originalName, parseAgainst, type AgainstRef } from './note-start';
import { confirmLateCredit } from './section34';

/** The original as loaded: the note's start data, and how the screen and the Section 34 question name it. */
interface Original {
  ref: AgainstRef;
  name: string;
  date: string;
  start: Row;
}

/** A note refused on screen before it is sent (the clerk said No): the save stops with this message. */
const NOT_SAVED = 'The credit note was not saved.';

/**
 * The create screen of a credit or debit note (x-bill.note, issue 28): the bill it corrects is named in the
 * address (?against=taxinvoice:5:2026-27, as "Issue Credit Note" on the original opens it) or picked here; the
 * note starts with that bill's buyer and lines, and its save sends `against`. Without an original no form shows:
 * a note corrects a bill.
 */
export default function NoteCreateScreen(props: BillScreenProps) {
  const { billType, registry, types, services, ui } = props;
  const [params, setParams] = useSearchParams();
  const wanted = parseAgainst(params.get(AGAINST_PARAM));
  const wantedKey = wanted && againstParam(wanted);
  const [original, setOriginal] = useState<Original>();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    setOriginal(undefined);
    setFailure(undefined);
    if (!wanted) return;
    const originalType = registry.byType(wanted.billtype);
    if (!originalType || !billType.note!.against.includes(originalType.type)) {
      setFailure(`A ${billType.menuLabel} does not correct that kind of bill.`);
      return;
    }
    let current = true;
    // The original's lines become the note's: its type is read whole beside the bill.
    Promise.all([services.loadBill(originalType, wanted.billno, wanted.fy), types.load(originalType)]).then(
      ([stored, originalWhole]) => {
        if (!current) return;
        if (!stored) return setFailure(`${originalType.menuLabel} No. ${wanted.billno} not found.`);
        const date = String(stored[originalType.roles.billDate.name] ?? '');
        setOriginal({ ref: wanted, name: originalName(originalType, stored), date, start: noteStartData(billType, originalWhole, stored) });
      },
      (error: unknown) => current && setFailure(messageOf(error)),
    );
    return () => {
      current = false;
    };
    // wantedKey stands for `wanted`, a new object each render.
  }, [wantedKey, billType, registry, types, services]);

  const noteServices = useMemo<BillServices>(() => {
    if (!original) return services;
    return {
      ...services,
      async submitBill(target, method, payload, convertedFrom) {
        if (method !== 'create') return services.submitBill(target, method, payload, convertedFrom);
        const date = String(payload[target.roles.billDate.name] ?? '');
        if (!(await confirmLateCredit(ui, { sign: target.note?.sign ?? 1, date }, original))) throw new Error(NOT_SAVED);
        const pdf = await services.submitBill(target, method, { ...payload, against: original.ref }, convertedFrom);
        // Saved: the next note starts by naming its bill (the engine's next start would be a blank note without the
        // buyer a note must have), while PDF Generated shows over the screen.
        setParams({}, { replace: true });
        return pdf;
      },
    };
  }, [services, ui, original, setParams]);

  const choose = (ref: AgainstRef) => setParams({ [AGAINST_PARAM]: againstParam(ref) });
  return (
    <>
      <section className="note-against" aria-label={`The bill this ${billType.menuLabel} corrects`}>
        {original ? (
          <p>
            Against <strong>{original.name}</strong> dated {displayDate(original.date)}{' '}
            <button type="button" className="button button--small" onClick={() => setParams({})}>
              Change
            </button>
          </p>
        ) : (
          <AgainstPicker noteType={billType} registry={registry} chosen={wanted} failure={failure} onChoose={choose} />
        )}
      </section>
      {original && <BillEditor key={againstParam(original.ref)} {...props} services={noteServices} initialData={original.start} mode="create" />}
    </>
  );
}
