import { downloadBlob } from './download';

/** A portal's JSON file (e-way bill, e-invoice), indented as the portals' own downloads are. */
export const jsonBlob = (value: unknown): Blob => new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });

export const downloadJson = (value: unknown, fileName: string): void => downloadBlob(jsonBlob(value), fileName);
