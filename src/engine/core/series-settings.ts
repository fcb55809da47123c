import { clashingSalesSeries } from './printed-number';
import { seriesProblem } from './number-series';
import type { BillTypeEntry } from './registry/types';

export type SeriesCheck = { ok: true; series: Record<string, string> } | { ok: false; msg: string; type?: string };

/**
 * A unit's number series as a Business Profile save changes them: `input` names some of the unit's bill types
 * (`{ taxinvoice: "GI/{fy}/{n:4}" }`), the others keep `current`. Each format is checked as the registry checks
 * a schema's (seriesProblem), and two sales series of a GST unit may not print alike. The answer is every type's
 * series after the change.
 */
export function checkSeriesSettings(unitTypes: readonly BillTypeEntry[], input: unknown, current: Record<string, string>): SeriesCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, msg: 'series must be an object of bill types and their formats, e.g. {"<bill type>": "GI/{fy}/{n:4}"}.' };
  }
  const byType = new Map(unitTypes.map((billType) => [billType.type, billType]));
  const series = { ...current };
  for (const [type, format] of Object.entries(input)) {
    const billType = byType.get(type);
    if (!billType) return { ok: false, msg: `Unknown bill type in series: ${type.slice(0, 40)}.` };
    const problem = seriesProblem(billType.menuLabel, typeof format === 'string' ? format.trim() : format);
    if (problem) return { ok: false, msg: problem, type };
    series[type] = (format as string).trim();
  }
  for (const billType of unitTypes) {
    const other = clashingSalesSeries(unitTypes, billType, series[billType.type], (each) => series[each.type]);
    if (other) {
      return {
        ok: false,
        type: billType.type,
        msg: `${billType.menuLabel} and ${other.menuLabel} would print the same numbers ("${series[billType.type]}"): give each its own series.`,
      };
    }
  }
  return { ok: true, series };
}
