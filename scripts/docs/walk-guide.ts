import type { Page } from 'playwright-core';
import { startSmtp } from '../../tests/api/smtp';
import { TOKEN_KEY } from '../../src/app/auth/token-store';
import type { RunningApp, Viewport } from '../../tests/e2e/support';
import { GUIDE_TODAY, type GuideApi } from './guide-data';
import { GUIDE_VISITS, type GuideShot, type GuideVisit } from './guide-shots';

/** How long a name may take to show once a shot's steps are done (a screen loading, a PDF rendering). */
const NAME_TIMEOUT_MS = 10_000;
/** Time given to something on its way into the window (a toast's entrance is a third of a second). */
const SLIDE_IN_MS = 2_000;

/** A string as an XPath literal (concat() when it holds both kinds of quote). */
function xpathLiteral(text: string): string {
  if (!text.includes("'")) return `'${text}'`;
  if (!text.includes('"')) return `"${text}"`;
  return `concat('${text.replaceAll("'", `', "'", '`)}')`;
}

/**
 * Where a name the guide uses shows: as an element's text or one of its own text pieces (a label wrapping its
 * select), as a button's, link's or dialog's name, or as a field's label.
 * Exact, so a renamed button fails; visible, so a name in a closed menu does not count.
 */
function nameOnScreen(page: Page, name: string) {
  const exact = { name, exact: true };
  return page
    .getByText(name, { exact: true })
    .or(page.locator(`xpath=//*[text()[normalize-space(.)=${xpathLiteral(name)}]]`))
    .or(page.getByRole('button', exact))
    .or(page.getByRole('link', exact))
    .or(page.getByRole('dialog', exact))
    .or(page.getByLabel(name, { exact: true }))
    .filter({ visible: true });
}

/** Whether one of the elements is inside the window: the picture shows it, not just the page. */
function inWindow(elements: Element[]): boolean {
  return elements.some((element) => {
    const box = element.getBoundingClientRect();
    return box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
  });
}

/** A toast slides in from below the window: whether the name is inside it once such a move has ended. */
async function cameIntoWindow(page: Page, found: ReturnType<typeof nameOnScreen>): Promise<boolean> {
  const until = Date.now() + SLIDE_IN_MS;
  while (!(await found.evaluateAll(inWindow))) {
    if (Date.now() > until) return false;
    await page.waitForTimeout(100);
  }
  return true;
}

/**
 * The names of a shot that are not on the screen: not shown, or outside the window. The first is waited for,
 * as a screen may still be loading; once one is missing, the rest get a short wait.
 */
export async function missingNames(page: Page, names: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const name of names) {
    const found = nameOnScreen(page, name);
    const shown = await found
      .first()
      .waitFor({ state: 'visible', timeout: missing.length ? 1_000 : NAME_TIMEOUT_MS })
      .then(() => cameIntoWindow(page, found), () => false);
    if (!shown) missing.push(name);
  }
  return missing;
}

export interface WalkGuideOptions {
  app: RunningApp;
  /** A fresh signed-out page at the viewport. */
  open(viewport: Viewport): Promise<Page>;
  /** Called once each shot's steps are done, with the names it declares that the screen does not show. */
  onShot(shot: GuideShot, page: Page, missing: string[]): Promise<void>;
}

/** The API with the token the guide's sign-in got. */
function apiWith(app: RunningApp, token: () => string): GuideApi {
  return {
    async post(path, body) {
      const response = await fetch(new URL(path, app.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    },
  };
}

/**
 * Walks every picture of the guide in order on one server: a page per viewport, pinned to the guide's day, signed
 * in once through the sign-in page (the first visit's steps); a later page of another viewport gets that token.
 * A visit opens its start path and runs each shot's steps from where the previous shot left the screen.
 */
export async function walkGuide({ app, open, onShot }: WalkGuideOptions): Promise<void> {
  const smtp = await startSmtp();
  const pages = new Map<string, Page>();
  let token = '';
  const api = apiWith(app, () => token);
  const pageFor = async (visit: GuideVisit): Promise<Page> => {
    const key = `${visit.viewport.width}x${visit.viewport.height}`;
    let page = pages.get(key);
    if (!page) {
      page = await open(visit.viewport);
      await page.clock.setFixedTime(GUIDE_TODAY);
      // The browser's own prompt on leaving a form (beforeunload) would stop a visit's first navigation.
      page.on('dialog', (dialog) => void dialog.accept());
      if (token) {
        await page.goto('/');
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
      }
      pages.set(key, page);
    }
    return page;
  };
  try {
    for (const visit of GUIDE_VISITS) {
      const page = await pageFor(visit);
      await visit.seed?.(api, { smtpPort: smtp.port });
      await page.goto(visit.start);
      for (const shot of visit.shots) {
        await shot.steps?.(page, { operator: app.operator });
        token ||= (await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)) ?? '';
        await onShot(shot, page, await missingNames(page, shot.names));
      }
    }
  } finally {
    await smtp.close();
  }
}
