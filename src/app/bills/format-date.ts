const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Bills store dates as YYYY-MM-DD; operators read DD-MM-YYYY, as on the printed bill. */
export function displayDate(value: string): string {
  const match = ISO_DATE.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}
