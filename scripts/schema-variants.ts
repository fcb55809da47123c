/**
 * Adds issue 34's variant files to a schemas folder, for a pass of the suites over them (in a scratch checkout: it
 * writes into the folder): the proforma invoice with a required Vehicle No. (tests/fixtures/proforma), a maintainer's
 * note type and a third business unit with its own tax invoice (tests/fixtures/variants/issue34, its unit merged into
 * units.json). `tsx scripts/schema-variants.ts [DIR]` (DIR: schemas/ when absent), then `npm run gen`.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SCHEMAS_DIR } from '../src/server/schema-files';

const FIXTURES = resolve(import.meta.dirname, '../tests/fixtures');
const dir = process.argv[2] ? resolve(process.argv[2]) : SCHEMAS_DIR;

cpSync(join(FIXTURES, 'proforma'), dir, { recursive: true });
cpSync(join(FIXTURES, 'variants/issue34/bills'), join(dir, 'bills'), { recursive: true });
const unitsFile = join(dir, 'units.json');
const units = JSON.parse(readFileSync(unitsFile, 'utf8')) as { units: unknown[] };
const extra = JSON.parse(readFileSync(join(FIXTURES, 'variants/issue34/units-extra.json'), 'utf8')) as { units: unknown[] };
writeFileSync(unitsFile, `${JSON.stringify({ ...units, units: [...units.units, ...extra.units] }, null, 2)}\n`);
console.log(`${dir}: the proforma invoice, a sales return and unit alfaparts added; run npm run gen`);
