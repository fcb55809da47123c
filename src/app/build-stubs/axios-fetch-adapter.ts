/**
 * Stands in for axios's fetch adapter in the browser build (vite.config.ts resolves it here). axios tries its
 * adapters in the order `xhr`, `http`, `fetch`, and every browser the app supports has XMLHttpRequest, so the
 * fetch adapter never runs, nor the stream and multipart helpers only it uses: code the browser would load and never
 * run. Saying "not supported here" is what axios expects of an adapter that cannot run.
 */
export const getFetch = (): false => false;

export default false;
