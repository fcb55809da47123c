/**
 * Stands in for @x0k/json-schema-merge in the browser build (vite.config.ts aliases it here). rjsf
 * merges `allOf` with it, and the registry gives rjsf flattened schemas without `allOf`: the merge
 * never runs. Should a schema ever reach rjsf with an `allOf`, this says so instead of guessing.
 */
function notFlattened(): never {
  throw new Error('rjsf was given a schema with allOf: the registry flattens bill schemas before rendering them');
}

export const createComparator = () => ({ compareSchemaDefinitions: notFlattened, compareSchemaValues: notFlattened });
export const createMerger = () => ({ mergeArrayOfSchemaDefinitions: notFlattened });
export const createShallowAllOfMerge = () => notFlattened;
export const createDeduplicator = () => notFlattened;
export const createIntersector = () => notFlattened;
