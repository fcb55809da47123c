/** Kept short: this is on every screen's first load, and shows only when a screen failed. */
export const SCREEN_ERROR_TEXTS = {
  title: 'This screen could not be opened',
  description: 'The app may have been updated while this tab was open. Bills you were typing are kept: their screens offer them back.',
  reload: 'Reload',
} as const;

/**
 * The router's error screen (errorElement), under the header, in place of its raw "Unexpected Application
 * Error": a plain message and a Reload button. A chunk that failed to load reloads the app once by itself
 * (lazy-screen.tsx, issue 30); this shows when it failed again, or when a screen failed in another way.
 */
export function ScreenError() {
  return (
    <section className="card not-found" role="alert" aria-labelledby="screen-error-title">
      <h1 id="screen-error-title">{SCREEN_ERROR_TEXTS.title}</h1>
      <p>{SCREEN_ERROR_TEXTS.description}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {SCREEN_ERROR_TEXTS.reload}
      </button>
    </section>
  );
}
