export type ModalImageKind = 'question' | 'success' | 'delete' | 'document';

const PATHS: Record<ModalImageKind, string> = {
  question: 'M12 17h.01M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3',
  success: 'M8 12.5l2.7 2.7L16.5 9',
  delete: 'M8 9h8M10 9V7.5h4V9m-5 0 .6 8h4.8l.6-8',
  document: 'M9 7h4l3 3v7H9zM13 7v3h3',
};

const TONES: Record<ModalImageKind, string> = {
  question: 'modal-image--question',
  success: 'modal-image--success',
  delete: 'modal-image--delete',
  document: 'modal-image--document',
};

/** The modal's picture (spec 2: every confirmation modal has an image); decorative, so hidden from screen readers. */
export function ModalImage({ kind }: { kind: ModalImageKind }) {
  return (
    <svg className={`modal-image ${TONES[kind]}`} viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" />
      <path d={PATHS[kind]} />
    </svg>
  );
}
