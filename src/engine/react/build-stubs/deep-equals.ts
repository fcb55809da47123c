/**
 * Stands in for fast-equals in the browser build (vite.config.ts aliases it here). rjsf asks it for one
 * comparer only (@rjsf/utils deepEquals: circular-safe, any two functions equal) and compares with it what a
 * bill form holds: JSON form data, schemas, ui schemas, errors and the props around them. This comparer does
 * that job in a tenth of the code; fast-equals's general one (Maps, Sets, typed arrays, property descriptors)
 * covers values a bill form never holds. Component and browser tests run the forms over it.
 */
type Pairs = Map<object, object>;

function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>, seen: Pairs): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  // A React element's owner is bookkeeping (and circular): elements are equal by type, key and props.
  const element = '$$typeof' in a;
  return keys.every((key) => (element && key === '_owner') || (Object.hasOwn(b, key) && equal(a[key], b[key], seen)));
}

function equal(a: unknown, b: unknown, seen: Pairs): boolean {
  if (a === b) return true;
  if (typeof a === 'function' || typeof b === 'function') return typeof a === 'function' && typeof b === 'function';
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  const tag = Object.prototype.toString.call(a);
  if (tag !== Object.prototype.toString.call(b)) return false;
  // A pair already being compared further up is taken as equal here (the circular case); the rest decides.
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  try {
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => equal(item, (b as unknown[])[i], seen));
    if (tag === '[object Date]') return (a as Date).getTime() === (b as Date).getTime();
    if (tag === '[object RegExp]') return String(a) === String(b);
    return sameRecord(a as Record<string, unknown>, b as Record<string, unknown>, seen);
  } finally {
    seen.delete(a);
  }
}

/** fast-equals's factory, as @rjsf/utils calls it: the options it passes are the behaviour above. */
export function createCustomEqual(): (a: unknown, b: unknown) => boolean {
  return (a, b) => equal(a, b, new Map());
}
