/** A unit's Contracts screen. The hyphen keeps it apart from every bill type's route (letters and digits). */
export function contractsRoute(unit: { slug: string }): string {
  return `/${unit.slug}/service-contracts`;
}

/** One contract's screen; `new` for a contract not saved yet. */
export function contractRoute(unit: { slug: string }, id: string): string {
  return `${contractsRoute(unit)}/${encodeURIComponent(id)}`;
}

export const NEW_CONTRACT = 'new';
