import Ajv from 'ajv';
import type { CompileSchema } from './registry/compiled-validator';

/**
 * Compiles schemas with ajv at run time (server, tests, generators). The browser uses the
 * precompiled validators in src/generated instead, so it ships no schema compiler.
 */
export function ajvCompiler(): CompileSchema {
  const ajv = createAjv();
  return (_key, schema) => ajv.compile(schema);
}

/** The one ajv configuration, shared with the precompiling generator so both behave the same. */
export function createAjv(options: { standalone?: boolean } = {}): Ajv {
  return new Ajv({
    allErrors: true,
    allowUnionTypes: true,
    strict: true,
    ...(options.standalone ? { code: { source: true, esm: true } } : {}),
  });
}
