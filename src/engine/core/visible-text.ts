/**
 * Characters that show nothing: white space, control and format characters (zero-width space and joiners,
 * bidi marks, overrides and isolates, the BOM, the soft hyphen) and the blank "letters" (Hangul fillers,
 * the Braille blank) and the non-spacing marks that only modify a letter beside them (a combining acute U+0301, a
 * variation selector U+FE0F, the grapheme joiner U+034F): alone they show nothing. The schemas' non-blank pattern (schemas/parts/types.json) is the same set, so the
 * form, the validator and the server agree that a name of only these is empty.
 */
const INVISIBLE = /^[\s\p{Cc}\p{Cf}\p{Zs}\p{Mn}\u115F\u1160\u2800\u3164\uFFA0]*$/u;

/** True when a person would see something in the text. */
export function hasVisibleText(value: unknown): boolean {
  return value !== undefined && value !== null && !INVISIBLE.test(String(value));
}

/** Text as it is stored: one Unicode form (NFC, so "Café" typed two ways is one name), trimmed. */
export function normalizeText(value: string): string {
  return value.normalize('NFC').trim();
}
