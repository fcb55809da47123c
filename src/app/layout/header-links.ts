/**
 * Screens the signed-in header links to beside the Create Bill and View Bill menus, in order. A feature
 * with its own screen (Reports, Clients, Business Profile) adds its entry here.
 */
export interface HeaderLink {
  label: string;
  path: string;
}

export const REPORTS_PATH = '/reports';

export const HEADER_LINKS: readonly HeaderLink[] = [{ label: 'Reports', path: REPORTS_PATH }];
