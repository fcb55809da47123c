import { readRegistry, type CompiledValidator, type Registry } from '../../engine/core';
import { precompiledValidators } from '../../generated/validators.js';

const SCHEMAS_PREFIX = '/schemas/';
const bundled = import.meta.glob(['/schemas/**/*.json', '!/schemas/meta/**'], { eager: true, import: 'default' });
const files = Object.fromEntries(Object.entries(bundled).map(([path, content]) => [path.slice(SCHEMAS_PREFIX.length), content]));

/**
 * Every bill type read whole, as the server reads them, with their precompiled validators: what stories choose
 * types from and what their mock server answers for. The app inside a story loads one type per screen, as always.
 */
export const storyRegistry: Registry = readRegistry(files, (key) => precompiledValidators[key] as CompiledValidator);
