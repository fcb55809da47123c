/**
 * The JSON Schema (draft-07) keywords a schema file may use besides the x- keywords. ajv's strict mode
 * would refuse any other with "unknown keyword"; checking first lets the message name the file and field.
 */
export const JSON_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema', '$id', '$ref', '$comment', 'definitions', '$defs',
  'title', 'description', 'default', 'examples', 'readOnly', 'writeOnly',
  'type', 'enum', 'const',
  'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'maxLength', 'minLength', 'pattern', 'format',
  'items', 'additionalItems', 'maxItems', 'minItems', 'uniqueItems', 'contains',
  'maxProperties', 'minProperties', 'required', 'properties', 'patternProperties', 'additionalProperties',
  'dependencies', 'propertyNames',
  'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not',
]);

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas. */
export const SUBSCHEMA_KEYWORDS = {
  one: ['items', 'additionalItems', 'contains', 'additionalProperties', 'propertyNames', 'if', 'then', 'else', 'not'],
  list: ['allOf', 'anyOf', 'oneOf', 'items'],
  map: ['properties', 'patternProperties', 'definitions', '$defs'],
} as const;

const TYPE_NAMES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const isString = (v: unknown) => typeof v === 'string';
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const isStringList = (v: unknown) => Array.isArray(v) && v.every(isString);
const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPattern = (v: unknown) => {
  if (!isString(v)) return false;
  try {
    new RegExp(v as string, 'u');
    return true;
  } catch {
    return false;
  }
};

/** What the value of a standard keyword must be, as a check and the words for a message. */
export const STANDARD_VALUES: Readonly<Record<string, [check: (value: unknown) => boolean, expected: string]>> = {
  type: [
    (v) => (isString(v) ? TYPE_NAMES.includes(v as string) : isStringList(v) && (v as string[]).every((t) => TYPE_NAMES.includes(t))),
    `one of ${TYPE_NAMES.join(', ')} (or a list of them)`,
  ],
  maxLength: [isCount, 'a whole number, 0 or more'],
  minLength: [isCount, 'a whole number, 0 or more'],
  maxItems: [isCount, 'a whole number, 0 or more'],
  minItems: [isCount, 'a whole number, 0 or more'],
  maxProperties: [isCount, 'a whole number, 0 or more'],
  minProperties: [isCount, 'a whole number, 0 or more'],
  minimum: [isNumber, 'a number'],
  maximum: [isNumber, 'a number'],
  exclusiveMinimum: [isNumber, 'a number'],
  exclusiveMaximum: [isNumber, 'a number'],
  multipleOf: [(v) => isNumber(v) && (v as number) > 0, 'a number above 0'],
  pattern: [isPattern, 'a valid regular expression'],
  format: [isString, 'text'],
  title: [isString, 'text'],
  description: [isString, 'text'],
  $comment: [isString, 'text'],
  $ref: [isString, 'text'],
  required: [isStringList, 'a list of property names'],
  enum: [(v) => Array.isArray(v) && v.length > 0, 'a non-empty list'],
  uniqueItems: [(v) => typeof v === 'boolean', 'true or false'],
  properties: [isObject, 'an object of field schemas'],
  definitions: [isObject, 'an object of schemas'],
  allOf: [(v) => Array.isArray(v) && v.every(isObject), 'a list of schemas'],
};
