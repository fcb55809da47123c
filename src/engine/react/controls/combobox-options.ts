/** One suggestion of a Combobox: `value` goes into the input; `label` (default: value) and `detail` are shown. */
export interface ComboboxOption {
  value: string;
  label?: string;
  /** A second, quieter line (an address, an HSN code) to tell similar names apart. */
  detail?: string;
}

/**
 * Options that change while the screen is open (saved products, clients): the open list subscribes.
 * `options()` must return the same array until the options change (useSyncExternalStore's rule).
 */
export interface ComboboxSource {
  subscribe(listener: () => void): () => void;
  options(): readonly ComboboxOption[];
}

/**
 * The options whose label holds the typed text (any case, anywhere), names starting with it first; a
 * name offered twice (any case) is listed once; at most `limit` of them.
 */
export function filterOptions(options: readonly ComboboxOption[], text: string, limit: number): ComboboxOption[] {
  const wanted = text.trim().toLowerCase();
  const seen = new Set<string>();
  const starting: ComboboxOption[] = [];
  const containing: ComboboxOption[] = [];
  for (const option of options) {
    const label = (option.label ?? option.value).toLowerCase();
    const key = option.value.trim().toLowerCase();
    if (seen.has(key)) continue;
    const at = wanted === '' ? 0 : label.indexOf(wanted);
    if (at < 0) continue;
    seen.add(key);
    (at === 0 ? starting : containing).push(option);
  }
  return [...starting, ...containing].slice(0, limit);
}
