// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registryWithVariants } from '../fixtures/variants';
import { billTypeStoriesModules, type BillTypeStoriesIndex, type BillTypeStoriesModule } from '../../.storybook/bill-type-index';
import { storyRegistry as registry } from '../../src/stories/support/story-registry';
import { billTypeStories } from '../../src/stories/bill-types/bill-type-stories';

const ROOT = join(import.meta.dirname, '../..');

/** What main.ts reads: bill-type-index.ts run by tsx over schemas/ on disk. */
function indexedFromDisk(): BillTypeStoriesModule[] {
  const output = execFileSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, '.storybook/bill-type-index.ts')], { encoding: 'utf8' });
  return (JSON.parse(output) as BillTypeStoriesIndex).modules;
}

/** The named exports of a virtual CSF module. */
function exportsOf(code: string): string[] {
  return [...code.matchAll(/^export const (\w+) =/gm)].map((match) => match[1]).filter((name) => name !== '__namedExportsOrder');
}

const exportNames = (module: BillTypeStoriesModule) => module.entries.map((entry) => entry.exportName);

describe('every bill type gets its stories from the registry, with no story file per type', () => {
  const modules = indexedFromDisk();

  it('Storybook indexes, for each bill type on disk, exactly the stories its module builds', () => {
    expect(modules.map((module) => module.importPath)).toEqual(registry.billTypes.map((b) => `virtual:bill-type-stories/${b.type}`));
    for (const [i, billType] of registry.billTypes.entries()) {
      const built = Object.keys(billTypeStories(billType)).filter((key) => key !== 'default');
      expect(exportNames(modules[i]), billType.type).toEqual(built);
      expect(exportsOf(modules[i].code)).toEqual(built);
      expect(new Set(modules[i].entries.map((entry) => entry.title))).toEqual(
        new Set([`Bill types/${billType.unitInfo.menuLabel}/${billType.menuLabel}`]),
      );
    }
  });

  it('create, edit and list stories and PDF Generated for all eight types; the convert modal for the four quotation types', () => {
    const byType = (type: string) => exportNames(modules.find((m) => m.importPath.endsWith(`/${type}`))!);
    for (const type of ['invoice', 'service', 'taxinvoice', 'taxservice']) expect(byType(type)).toEqual(['Create', 'Edit', 'List', 'Saved']);
    for (const type of ['quotation', 'servicequotation', 'taxquotation', 'taxservicequotation']) {
      expect(byType(type)).toEqual(['Create', 'Edit', 'List', 'Saved', 'Convert']);
    }
  });

  it('a ninth bill file in schemas/bills gets its stories without a story being written', () => {
    const withChallan = registryWithVariants();
    const challanType = withChallan.byType('deliverychallan')!;
    const module = billTypeStoriesModules(withChallan.billTypes).find((m) => m.importPath === 'virtual:bill-type-stories/deliverychallan')!;
    expect(module.entries.map((e) => [e.title, e.exportName])).toEqual(
      ['Create', 'Edit', 'List', 'Saved'].map((name) => [`Bill types/${challanType.unitInfo.menuLabel}/${challanType.menuLabel}`, name]),
    );
    expect(exportsOf(module.code)).toEqual(['Create', 'Edit', 'List', 'Saved']);
  });
});
