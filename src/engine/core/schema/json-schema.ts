/** A JSON Schema node as read from a file: plain JSON, keywords looked up by name. */
export type Schema = { [keyword: string]: unknown };

export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A problem in a schema file, reported with the file it was found in. */
export class SchemaError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`schemas/${file}: ${problem}`);
    this.name = 'SchemaError';
  }
}
