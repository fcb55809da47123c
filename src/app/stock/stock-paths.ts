/**
 * A unit's Stock screen (issue 48): what is on the shelf, each product's movements and serial numbers. The hyphen
 * keeps it apart from every bill type's route (letters and digits), as the unit's other screens.
 */
export function stockRoute(unit: { slug: string }): string {
  return `/${unit.slug}/stock-on-hand`;
}

/** A unit's purchases (the purchase register) and a new one: under the Stock screen's path, apart from bill routes. */
export function purchasesRoute(unit: { slug: string }): string {
  return `${stockRoute(unit)}/purchases`;
}

export function newPurchaseRoute(unit: { slug: string }): string {
  return `${purchasesRoute(unit)}/new`;
}

/**
 * The roles.json actions the stock calls need (the server's routes name them): stock is read and entered by those who
 * keep the product master; the stock register is a report.
 */
export const STOCK_ACTIONS = { read: 'catalogs.read', write: 'catalogs.write', remove: 'catalogs.delete', register: 'reports.read' } as const;

/** Every stock call is `POST /api/{name}` with the unit in its body (the contract's spec style). */
export const stockPath = (name: string) => `/api/${name}`;
