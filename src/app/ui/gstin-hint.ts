import { isValidGstin, stateCodeOf, stateName } from '../../engine/core';

/**
 * What a GSTIN says about the state as the operator types it (Business Profile, Clients): the core's one
 * GSTIN check decides; `empty` is the hint while nothing is typed.
 */
export function gstinHint(gstin: string, empty: string): string {
  if (gstin.trim() === '') return empty;
  if (!isValidGstin(gstin)) return 'Not a valid GSTIN yet (15 characters, the last a check character).';
  const code = stateCodeOf(gstin.toUpperCase())!;
  return `State Name: ${stateName(code)}, Code: ${code}`;
}
