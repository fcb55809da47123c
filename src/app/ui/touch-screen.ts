/**
 * Issue 31 item 5: a touch screen (a phone, a tablet) whose saves and views must not pile PDFs up in Downloads.
 * The pointer, not the width: a narrow desktop window still downloads as the spec says.
 */
export function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/** Downloads where the spec says a PDF is downloaded, except on a touch screen, where the preview offers Download. */
export function downloadUnlessTouch(download: (blob: Blob, fileName: string) => void): (blob: Blob, fileName: string) => void {
  return (blob, fileName) => {
    if (!isTouchScreen()) download(blob, fileName);
  };
}

/**
 * PDF Generated's text on a touch screen, whose PDF is not downloaded but previewed: the spec's two success texts
 * joined, so it stays true there.
 */
export const TOUCH_SAVED_TEXT =
  'Your bill have been saved successfully, and the corresponding PDF has been generated. Please click on below button to preview your Bill.';
