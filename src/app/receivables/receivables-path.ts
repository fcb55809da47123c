/** A unit's Receivables screen. The hyphen keeps it apart from every bill type's route (letters and digits). */
export function receivablesRoute(unit: { slug: string }): string {
  return `/${unit.slug}/receivables-ageing`;
}
