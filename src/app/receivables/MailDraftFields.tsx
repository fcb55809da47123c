import { useId } from 'react';

/** A draft as the dialog edits it: the addresses as text with commas between them. */
export type DraftText = Record<'to' | 'cc' | 'subject' | 'body', string>;

/** Text with commas or semicolons between addresses, as the list the server takes. */
export const splitAddresses = (text: string) =>
  text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * To, Cc, Subject and Message of a statement's or a reminder's e-mail, all editable. Send by e-mail of a bill
 * (mail/SendMailModal.tsx) keeps its own: sharing this would add a chunk to the create screens' first load.
 */
export function MailDraftFields({ draft, onChange }: { draft: DraftText; onChange(draft: DraftText): void }) {
  const id = useId();
  const field = (key: keyof DraftText, label: string) => (
    <p className="modal-field mail-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {key === 'body' ? (
        <textarea id={`${id}-${key}`} rows={8} value={draft[key]} onChange={(event) => onChange({ ...draft, [key]: event.target.value })} />
      ) : (
        <input
          id={`${id}-${key}`}
          type={key === 'subject' ? 'text' : 'email'}
          multiple={key !== 'subject'}
          value={draft[key]}
          onChange={(event) => onChange({ ...draft, [key]: event.target.value })}
        />
      )}
    </p>
  );
  return (
    <>
      {field('to', 'To')}
      {field('cc', 'Cc')}
      {field('subject', 'Subject')}
      {field('body', 'Message')}
    </>
  );
}
