import { useEffect, useState } from 'react';
import { ConfirmModal } from '../ui/ConfirmModal';
import { downloadBlob } from '../ui/download';

/** Spec 2: the View modal's title. */
export const VIEW_TITLE = 'View PDF Bill';

interface ViewPdfModalProps {
  pdf: Blob;
  fileName: string;
  onClose(): void;
  /** Fetches the bill as three copies (ORIGINAL, DUPLICATE, TRIPLICATE on tax bills) and downloads it. */
  onPrintCopies?(): Promise<void>;
  /** Opens Send by e-mail for this bill (issue 32). */
  onSend?(): void;
  /** Shares the PDF: the share sheet, or WhatsApp with the PDF downloaded (issue 32). */
  onShare?(): void;
}

/** The downloaded PDF shown inline from its blob, with a button to download it again. */
export function ViewPdfModal({ pdf, fileName, onClose, onPrintCopies, onSend, onShare }: ViewPdfModalProps) {
  const [printing, setPrinting] = useState(false);
  const [url, setUrl] = useState<string>();

  useEffect(() => {
    const objectUrl = URL.createObjectURL(pdf);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [pdf]);

  return (
    <ConfirmModal
      image="document"
      title={VIEW_TITLE}
      description={fileName}
      wide
      leftButton={{ label: 'Close', onClick: onClose }}
      rightButton={{ label: 'Download', onClick: () => downloadBlob(pdf, fileName), tone: 'primary' }}
      onClose={onClose}
    >
      {onPrintCopies && (
        <button
          type="button"
          className="button button--small"
          disabled={printing}
          onClick={() => {
            setPrinting(true);
            void onPrintCopies().finally(() => setPrinting(false));
          }}
        >
          {printing ? 'Please Wait' : 'Print 3 copies'}
        </button>
      )}
      {onSend && (
        <button type="button" className="button button--small" onClick={onSend}>
          Send by e-mail
        </button>
      )}
      {onShare && (
        <button type="button" className="button button--small" onClick={onShare}>
          Share
        </button>
      )}
      {url && (
        <object className="pdf-preview" data={url} type="application/pdf" aria-label={`PDF ${fileName}`}>
          <p className="pdf-fallback">This browser cannot show the PDF here. Use Download to open it.</p>
        </object>
      )}
    </ConfirmModal>
  );
}

export default ViewPdfModal;
