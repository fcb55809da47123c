import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RegistryIndex } from '../../engine/core';
import { draftScreen } from '../../engine/react/editor/useDraft';
import { displayDate } from '../bills/format-date';
import { keptDrafts, type KeptDraft } from '../drafts/browser-drafts';
import { createRoute, editRoute } from '../paths';
import { localIsoDate } from '../../engine/core/bill-data';

/** A kept draft as a line: the screen it reopens (which offers the draft) and what it is. */
function draftLine(registry: RegistryIndex, { key, draft }: KeptDraft) {
  const screen = draftScreen(key);
  const billType = screen && registry.byType(screen.type);
  if (!screen || !billType) return null;
  const client = draft.data[billType.roles.clientName.name];
  const what = screen.billno === undefined ? `new ${billType.menuLabel}` : `${billType.menuLabel} No. ${screen.billno}, changed`;
  const to = screen.billno === undefined ? createRoute(billType) : editRoute(billType, screen.billno, screen.fy);
  return (
    <li key={key}>
      <Link to={to}>{what}</Link>
      {typeof client === 'string' && client.trim() !== '' && ` for ${client.trim()}`} · kept {displayDate(localIsoDate(new Date(draft.savedAt)))}
    </li>
  );
}

/** Issue 50: the unsaved bills this browser keeps for the operator, each a link back to its screen. */
export function DraftsToFinish({ registry }: { registry: RegistryIndex }) {
  const [drafts, setDrafts] = useState<KeptDraft[]>();
  useEffect(() => {
    let current = true;
    keptDrafts().then(
      (kept) => current && setDrafts(kept),
      () => current && setDrafts([]),
    );
    return () => {
      current = false;
    };
  }, []);
  const lines = (drafts ?? []).map((draft) => draftLine(registry, draft)).filter((line) => line !== null);
  return (
    <section className="card today-card" aria-labelledby="today-drafts-title">
      <h2 id="today-drafts-title">Drafts to finish</h2>
      {drafts === undefined ? <p className="page-loading">Please Wait</p> : lines.length === 0 ? <p>No unsaved bills on this device.</p> : <ul className="today-list">{lines}</ul>}
    </section>
  );
}
