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

/**
 * Ajv's own use, when a tool instantiates it in the browser (Storybook's dev server does, through rjsf's
 * prebundled validator): it parses an id only to serialize it again and to read its `#` fragment.
 */
interface ParsedUri {
  href: string;
  fragment?: string;
}

function parse(uri: string): ParsedUri {
  const hash = uri.indexOf('#');
  return hash < 0 ? { href: uri } : { href: uri, fragment: uri.slice(hash + 1) };
}

function serialize(parsed: ParsedUri): string {
  return parsed.href;
}

// Named too: a CommonJS require of this module (ajv's runtime/uri) sees its named exports, not its default.
export { resolve, equal, parse, serialize };
export default { resolve, equal, parse, serialize };
