import { readRegistry, META_KEYS, type BillType, type CompiledValidator, type Registry } from '../engine/core';
import { validatorModules } from '../generated/validator-modules.js';

/**
 * Schema files bundled at build time, keyed as the engine expects: the path below schemas/. payments.json is
 * left to the payment screens, which load it on demand (the bill screens' bundle budget).
 */
const bundledFiles = import.meta.glob(['/schemas/**/*.json', '!/schemas/meta/**', '!/schemas/payments.json'], { eager: true, import: 'default' });
/** The meta-schemas by name only (never loaded): the browser does not check the files against them again. */
const metaFiles = Object.keys(import.meta.glob('/schemas/meta/*.json'));
const SCHEMAS_PREFIX = '/schemas/';

function schemaFiles(): Record<string, unknown> {
  const placeholder = { properties: {} };
  return Object.fromEntries([
    ...Object.entries(bundledFiles).map(([path, content]) => [path.slice(SCHEMAS_PREFIX.length), content]),
    ...metaFiles.map((path) => [path.slice(SCHEMAS_PREFIX.length), placeholder]),
  ]);
}

const META = new Set<string>(Object.values(META_KEYS));
const loaded = new Map<string, CompiledValidator>();

/**
 * The browser answers schema checks from the validators `npm run gen` precompiled (ajv's compiler stays
 * out of the bundle), each bill type's in a chunk of its own that its screens load (loadValidators):
 * a create screen fetches its own type's validator, not all eight. The files are not checked again
 * here (meta-schemas, keywords, names): `npm run gen` checked these very files before the build bundled them.
 */
function precompiled(key: string): CompiledValidator {
  if (META.has(key)) return () => true;
  if (!validatorModules[key]) throw new Error(`No precompiled validator for "${key}": run npm run gen`);
  const validate: CompiledValidator = (data) => {
    const validator = loaded.get(key);
    if (!validator) throw new Error(`The "${key}" validator is not loaded: call loadValidators first`);
    const ok = validator(data);
    validate.errors = validator.errors;
    return ok;
  };
  return validate;
}

export const registry: Registry = readRegistry(schemaFiles(), precompiled);

/** Loads the precompiled validators of these bill types (once each); a screen awaits it before it checks a bill. */
export async function loadValidators(billTypes: readonly BillType[]): Promise<void> {
  await Promise.all(
    billTypes
      .filter((billType) => !loaded.has(billType.type))
      .map(async (billType) => {
        const { validate } = await validatorModules[billType.type]();
        loaded.set(billType.type, validate);
      }),
  );
}

/** Whether loadValidators has loaded the validators of all these bill types. */
export function validatorsLoaded(billTypes: readonly BillType[]): boolean {
  return billTypes.every((billType) => loaded.has(billType.type));
}

/** A bill type and the type it converts to: the validators its editor checks bills with. */
export function checkedBy(registry: Registry, billType: BillType): BillType[] {
  const target = billType.convertsTo ? registry.byType(billType.convertsTo) : undefined;
  return target ? [billType, target] : [billType];
}
