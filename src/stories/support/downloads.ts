/**
 * Saving a bill downloads its PDF through a temporary `<a download>`. In stories (whose play
 * functions save bills) that would drop files on the designer's machine, and jsdom cannot follow
 * the link: the click is stopped and reported instead. Returns the function that lifts the guard.
 */
export function guardDownloads(onDownload: (fileName: string) => void = () => {}): () => void {
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[download]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    event.preventDefault();
    onDownload(link.download);
  };
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}
