/** Production builds made once per bench process, shared by the parts that need them, removed at exit. */
import { buildPages, buildWebApp, type WebBuild } from './web-build';

/** The bill editor alone over in-memory services (the form's own browser page, ?type=&rows=). */
export const EDITOR_PAGE = 'tests/component/form/browser/index.html';
/** The same lines as a plain React table of inputs (?rows=). */
export const PLAIN_TABLE_PAGE = 'scripts/bench/pages/plain-table.html';
/** The same lines as a plain HTML table of inputs, no framework (?rows=). */
export const PLAIN_INPUTS_PAGE = 'scripts/bench/pages/plain-inputs.html';
/** React and the router, nothing else. */
export const RUNTIME_FLOOR_PAGE = 'scripts/bench/pages/runtime-floor.html';

function once(make: () => Promise<WebBuild>): () => Promise<WebBuild> {
  let pending: Promise<WebBuild> | undefined;
  return () => {
    if (!pending) {
      pending = make();
      void pending.then((web) => process.once('exit', () => web.remove()));
    }
    return pending;
  };
}

export const sharedWebBuild = once(buildWebApp);
export const sharedBenchPages = once(() => buildPages([EDITOR_PAGE, PLAIN_TABLE_PAGE, PLAIN_INPUTS_PAGE, RUNTIME_FLOOR_PAGE]));
