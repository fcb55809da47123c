import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoryIndexInput } from 'storybook/internal/types';
import { loadRegistry } from '../src/server/schema-files';
import { billTypeScreens, billTypeStoriesTitle, type IndexedBillType } from '../src/stories/bill-types/screens';

/**
 * CSF wants one static export per story, but the stories of a bill type come from the registry. So
 * Storybook indexes the module that builds them once per bill type read from schemas/, each type's
 * stories being a virtual CSF module written here: a new bill file gets its stories on the next start,
 * and no file in the repository names a bill type. main.ts runs this file in a child process (see there).
 */
export const VIRTUAL_PREFIX = 'virtual:bill-type-stories/';

/** The story module every virtual module reads its stories from; listed in main.ts's `stories`. */
export const BILL_TYPE_STORIES_FILE = resolve(import.meta.dirname, '../src/stories/bill-types/bill-type-stories.tsx');

export interface BillTypeStoriesModule {
  /** The virtual module's id, `virtual:bill-type-stories/{type}`. */
  importPath: string;
  /** Its stories as Storybook's index lists them. */
  entries: StoryIndexInput[];
  /** Its code: the default export and one named export per story. */
  code: string;
}

function moduleCode(billType: IndexedBillType): string {
  const exportNames = billTypeScreens(billType).map((screen) => screen.exportName);
  return [
    `import { billTypeStoriesOf } from ${JSON.stringify(BILL_TYPE_STORIES_FILE)};`,
    `const stories = billTypeStoriesOf(${JSON.stringify(billType.type)});`,
    'export default stories.default;',
    ...exportNames.map((name) => `export const ${name} = stories.${name};`),
    `export const __namedExportsOrder = ${JSON.stringify(exportNames)};`,
  ].join('\n');
}

export function billTypeStoriesModules(billTypes: readonly IndexedBillType[]): BillTypeStoriesModule[] {
  return billTypes.map((billType) => {
    const importPath = `${VIRTUAL_PREFIX}${billType.type}`;
    const entries = billTypeScreens(billType).map(({ exportName, name }) => ({
      type: 'story' as const,
      importPath,
      exportName,
      name,
      title: billTypeStoriesTitle(billType),
    }));
    return { importPath, entries, code: moduleCode(billType) };
  });
}

/** What main.ts needs: the file to index, and the virtual modules of the bill types in schemas/. */
export interface BillTypeStoriesIndex {
  storiesFile: string;
  modules: BillTypeStoriesModule[];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const index: BillTypeStoriesIndex = { storiesFile: BILL_TYPE_STORIES_FILE, modules: billTypeStoriesModules(loadRegistry().billTypes) };
  process.stdout.write(JSON.stringify(index));
}
