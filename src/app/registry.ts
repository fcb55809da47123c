import { createRegistry, type CompiledValidator, type Registry } from '../engine/core';
import { precompiledValidators } from '../generated/validators.js';

/** Schema files bundled at build time, keyed as the engine expects: the path below schemas/. */
const bundledFiles = import.meta.glob('/schemas/**/*.json', { eager: true, import: 'default' });
const SCHEMAS_PREFIX = '/schemas/';

function schemaFiles(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(bundledFiles).map(([path, content]) => [path.slice(SCHEMAS_PREFIX.length), content]),
  );
}

/**
 * The browser answers schema checks from the validators `npm run gen` precompiled, so ajv's compiler
 * stays out of the bundle. A missing key means the generated file is stale.
 */
function precompiled(key: string): CompiledValidator {
  const validator = precompiledValidators[key];
  if (!validator) throw new Error(`No precompiled validator for "${key}": run npm run gen`);
  return validator;
}

export const registry: Registry = createRegistry(schemaFiles(), precompiled);
