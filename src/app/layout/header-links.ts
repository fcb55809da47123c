/**
 * Screens the signed-in header links to beside the Create Bill and View Bill menus, in order. A feature
 * with its own screen (Reports, Clients, Business Profile) adds its entry here.
 */
export interface HeaderLink {
  label: string;
  path: string;
  /** The action of schemas/roles.json the screen needs: the link shows only to roles that hold it. */
  action: string;
}

export const REPORTS_PATH = '/reports';
/** The saved clients (issue 16): one list for every unit, as bills of both units name the same clients. */
export const CLIENTS_PATH = '/clients';
/** The saved product and service lists with their prices (issue 30), shared by both units as bills are. */
export const CATALOGS_PATH = '/products';
/** Who may sign in, and what each may do (issue 45). */
export const OPERATORS_PATH = '/operators';
/** Every change on record, and the chain's check (issue 45). */
export const AUDIT_PATH = '/audit';

export const HEADER_LINKS: readonly HeaderLink[] = [
  { label: 'Clients', path: CLIENTS_PATH, action: 'clients.read' },
  { label: 'Products & Services', path: CATALOGS_PATH, action: 'catalogs.read' },
  { label: 'Reports', path: REPORTS_PATH, action: 'reports.read' },
];

/**
 * Who may sign in and who did what (issue 45), under one entry: with them both an owner's header would take a second
 * line at 1366 px. A role holding only one of the two gets it as a plain link.
 */
export const ADMIN_MENU = {
  label: 'Admin',
  title: 'Team and records',
  links: [
    { label: 'Operators', path: OPERATORS_PATH, action: 'operators.manage' },
    { label: 'Audit', path: AUDIT_PATH, action: 'audit.read' },
  ] satisfies HeaderLink[],
} as const;
