/**
 * Stands in for axios's fetch adapter in the browser build (vite.config.ts resolves it here). axios tries its
 * adapters in the order `xhr`, `http`, `fetch`, and every browser the app supports has XMLHttpRequest, so the
 * fetch adapter never runs; it and the stream and multipart helpers only it uses were 4 KiB of the create
 * screen's JavaScript (issue 19). Saying "not supported here" is what axios expects of an adapter that cannot run.
 */
export const getFetch = (): false => false;

export default false;
