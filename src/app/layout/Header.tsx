import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import type { RegistryIndex } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import { useCan, useMayWorkOn } from '../auth/can';
import { clearToken, tokenEmail, useToken } from '../auth/token-store';
import { draftCount, removeDraftsOf } from '../drafts/browser-drafts';
import { screenHasUnsavedChanges } from '../drafts/screen-changes';
import { ConfirmModal } from '../ui/ConfirmModal';
import { useOpenModal } from '../ui/ModalProvider';
import { createRoute, listRoute } from '../paths';
import { ADMIN_MENU, HEADER_LINKS, type HeaderLink } from './header-links';
import { BILL_MENUS, billTypeGroups, UNIT_ENTRIES, unitMenus } from './header-entries';
import { MenuDropdown } from './MenuDropdown';
import { TODAY } from '../today/today-path';
import { unitOfScreen } from './screen-unit';

function headerLink(link: HeaderLink) {
  return (
    <NavLink key={link.path} to={link.path} className="button button--plain header-link">
      {link.label}
    </NavLink>
  );
}

/** Spec 2: the header title. */
export const HEADER_TITLE = 'Your Bill Section';

export const LOGOUT_TEXTS = {
  title: 'Logout and discard unsaved bills?',
  description: (count: number) =>
    `${count === 1 ? 'A bill you have not saved is' : `${count} bills you have not saved are`} kept on this device for you. ` +
    'Logging out removes them, so that the next person to sign in here cannot see them.',
  stay: 'Stay',
  logout: 'Logout',
} as const;

/** The title; signed in, also the unit of the screen, the Create Bill and View Bill menus (spec 2), the units' other screens and Logout. */
export function Header({ registry }: { registry: RegistryIndex }) {
  const token = useToken();
  const navigate = useNavigate();
  const api = useApi();
  const can = useCan();
  const mayWorkOn = useMayWorkOn();
  // Only what the role may do, on the units the operator may work on (issue 45); the server refuses the rest anyway.
  const groups = registry.menu().filter((group) => mayWorkOn(group.unit.slug));
  const units = registry.units.filter((u) => mayWorkOn(u.slug));
  const { pathname } = useLocation();
  const unit = unitOfScreen(registry, pathname);
  // On a phone the entries are a sheet behind Menu (issue 31): open on the screen it was opened on, so any change of screen closes it.
  const [sheetAt, setSheetAt] = useState<string>();
  const sheetOpen = sheetAt === pathname;

  const openModal = useOpenModal();
  const adminLinks = ADMIN_MENU.links.filter((link) => can(link.action));

  /** Unsaved bills kept for the operator on this device (the open screen's included): Logout asks first. */
  const confirmDiscard = async (operator: string | undefined): Promise<boolean> => {
    const onScreen = screenHasUnsavedChanges();
    const count = Math.max(operator ? await draftCount(operator).catch(() => 0) : 0, onScreen ? 1 : 0);
    if (count === 0) return true;
    return openModal<boolean>(
      (close) => (
        <ConfirmModal
          image="question"
          title={LOGOUT_TEXTS.title}
          description={LOGOUT_TEXTS.description(count)}
          leftButton={{ label: LOGOUT_TEXTS.stay, onClick: () => close(false) }}
          rightButton={{ label: LOGOUT_TEXTS.logout, onClick: () => close(true), tone: 'danger' }}
          onClose={() => close(false)}
        />
      ),
      false,
    );
  };

  // The server revokes the token too, so a copy of it (a shared computer's history, say) no longer works.
  const logout = async () => {
    const operator = tokenEmail(token);
    if (!(await confirmDiscard(operator))) return;
    if (token) void api.logout(token);
    // Signed out first: from now on no draft is written (the store asks the token whose it is), then they go.
    clearToken();
    if (operator) await removeDraftsOf(operator).catch(() => undefined);
    navigate('/', { replace: true });
  };

  return (
    <header className="app-header">
      <div className="app-heading">
        {/* Issue 50: the title leads back to Today (where signing in lands), as a logo leads home; the header keeps to one line. */}
        <p className="app-title">
          {token && can(TODAY.action) ? (
            <Link to={TODAY.path} className="app-title__link" title={TODAY.title}>
              {HEADER_TITLE}
            </Link>
          ) : (
            HEADER_TITLE
          )}
        </p>
        {/* Which unit's bills this screen keeps (issue 30): the two units' screens look alike. */}
        {token && unit && (
          <p className="app-unit">
            <span className="app-unit-label">Unit</span> {unit.menuLabel}
          </p>
        )}
      </div>
      {token && (
        <button type="button" className="button button--plain app-menu-button" aria-expanded={sheetOpen} onClick={() => setSheetAt(sheetOpen ? undefined : pathname)}>
          Menu
        </button>
      )}
      {token && (
        <nav className={sheetOpen ? 'app-nav app-nav--open' : 'app-nav'} aria-label="Bills">
          {can(BILL_MENUS.create.action) && <MenuDropdown label={BILL_MENUS.create.label} groups={billTypeGroups(groups, createRoute)} />}
          {can(BILL_MENUS.view.action) && <MenuDropdown label={BILL_MENUS.view.label} groups={billTypeGroups(groups, listRoute)} />}
          {unitMenus(UNIT_ENTRIES.filter((entry) => can(entry.action)), units).map((menu) => (
            <MenuDropdown key={menu.label} label={menu.label} groups={menu.groups} />
          ))}
          {HEADER_LINKS.filter((link) => can(link.action)).map(headerLink)}
          {adminLinks.length === 1 && headerLink(adminLinks[0])}
          {adminLinks.length > 1 && (
            <MenuDropdown
              label={ADMIN_MENU.label}
              groups={[{ key: 'admin', title: ADMIN_MENU.title, links: adminLinks.map((link) => ({ key: link.path, label: link.label, to: link.path })) }]}
            />
          )}
          <button type="button" className="button button--plain" onClick={() => void logout()}>
            Logout
          </button>
        </nav>
      )}
    </header>
  );
}
