import { checkAgainstMeta, checkKeywords, checkKind, checkLetterheads, checkNames, referencesFirst, type SchemaChecks } from './schema-check';
import { readPaymentsSpec } from './payments';
import { readContractsSpec } from './contracts';
import { checkBillTypes } from './bill-type-checks';
import { readRegistry, type Registry } from './registry';
import type { CompileSchema } from './compiled-validator';
import type { SchemaFiles } from '../schema/resolve';

const schemaChecks: SchemaChecks = { checkAgainstMeta, checkKeywords, checkNames, referencesFirst, checkLetterheads, checkKind, checkBillTypes };

export interface RegistryOptions {
  /** The files were checked already (by `npm run gen`, or by the process that hands them over): only read them. */
  checked?: boolean;
}

/** The registry of the schema files, each checked first unless `checked` (readRegistry says how). */
export function createRegistry(files: SchemaFiles, compileSchema: CompileSchema, options: RegistryOptions = {}): Registry {
  return readRegistry(files, compileSchema, options.checked ? undefined : schemaChecks, readPaymentsSpec, readContractsSpec);
}
