import { NavLink, useNavigate } from 'react-router-dom';
import type { Registry } from '../../engine/core';
import { useApi } from '../api/ApiContext';
import { clearToken, useToken } from '../auth/token-store';
import { createRoute, listRoute } from '../paths';
import { HEADER_LINKS } from './header-links';
import { billTypeGroups, UNIT_ENTRIES, unitGroups } from './header-entries';
import { MenuDropdown } from './MenuDropdown';

/** Spec 2: the header title. */
export const HEADER_TITLE = 'Your Bill Section';

/** The title; signed in, also the Create Bill and View Bill menus (spec 2), the units' other screens and Logout. */
export function Header({ registry }: { registry: Registry }) {
  const token = useToken();
  const navigate = useNavigate();
  const api = useApi();
  const groups = registry.menu();

  // The server revokes the token too, so a copy of it (a shared computer's history, say) no longer works.
  const logout = () => {
    if (token) void api.logout(token);
    clearToken();
    navigate('/', { replace: true });
  };

  return (
    <header className="app-header">
      <p className="app-title">{HEADER_TITLE}</p>
      {token && (
        <nav className="app-nav" aria-label="Bills">
          <MenuDropdown label="Create Bill" groups={billTypeGroups(groups, createRoute)} />
          <MenuDropdown label="View Bill" groups={billTypeGroups(groups, listRoute)} />
          {UNIT_ENTRIES.map((entry) => (
            <MenuDropdown key={entry.label} label={entry.label} groups={unitGroups(registry.units, entry.pathOf)} />
          ))}
          {HEADER_LINKS.map((link) => (
            <NavLink key={link.path} to={link.path} className="button button--plain header-link">
              {link.label}
            </NavLink>
          ))}
          <button type="button" className="button button--plain" onClick={logout}>
            Logout
          </button>
        </nav>
      )}
    </header>
  );
}
