/**
 * Stands in for fast-uri in the browser build (vite.config.ts aliases it here). rjsf asks it only to
 * follow `$ref`s and compare `$id`s, and the schemas the engine gives rjsf are flattened by the
 * registry: they hold neither. The URL standard's resolution answers the same for what it would see.
 */
function resolve(base: string, ref: string): string {
  if (ref.startsWith('#')) return `${base.split('#')[0]}${ref}`;
  try {
    return new URL(ref, base || undefined).href;
  } catch {
    return ref;
  }
}

function equal(a: string, b: string): boolean {
  return a === b || resolve('', a) === resolve('', b);
}

export default { resolve, equal };
