/** Issue 50: the operator's day at a glance, where signing in lands once every unit's business profile is saved. */
export const TODAY_PATH = '/today';

/** The header's title links to it for roles that may read what it shows (the receivables' figures). */
export const TODAY = { path: TODAY_PATH, action: 'payments.read', title: 'Today: sales, bills due and drafts' } as const;
