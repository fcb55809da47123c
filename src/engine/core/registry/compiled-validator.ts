import type { Schema } from '../schema/json-schema';

/** The part of an ajv error the engine reads. */
export interface SchemaViolation {
  instancePath: string;
  /** Where in the schema the failed keyword sits, e.g. "#/properties/x-bill/additionalProperties". */
  schemaPath?: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A compiled JSON Schema check: ajv's ValidateFunction, compiled at run time or precompiled. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: SchemaViolation[] | null;
}

/**
 * Turns a schema into a validator. `key` names the schema ("meta:bill", or a bill type value) so a
 * browser build can answer from precompiled validators instead of shipping ajv's compiler.
 */
export type CompileSchema = (key: string, schema: Schema) => CompiledValidator;

export const META_KEYS = {
  bill: 'meta:bill',
  units: 'meta:units',
  catalogs: 'meta:catalogs',
  keywords: 'meta:keywords',
  clients: 'meta:clients',
  payments: 'meta:payments',
  contracts: 'meta:contracts',
} as const;
