import { useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';
/** A link of a drop-down: its text and the screen it opens. */
export interface MenuLink {
  key: string;
  label: string;
  to: string;
}

/** A titled group of links (a unit and its bill types, say). */
export interface MenuLinkGroup {
  key: string;
  title: string;
  links: MenuLink[];
}

interface MenuDropdownProps {
  label: string;
  groups: MenuLinkGroup[];
}

/**
 * A drop-down of titled groups of links: the units and their bill types (spec 2), the units' other screens. A disclosure button and plain
 * links, so keyboards and screen readers need nothing special; the current entry is marked by
 * NavLink (aria-current) and styled black with white bold text.
 */
export function MenuDropdown({ label, groups }: MenuDropdownProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {label}
        <span className="menu-caret" aria-hidden="true" />
      </button>
      <div id={panelId} className="menu-panel" hidden={!open}>
        {groups.map((group) => (
          <div key={group.key} className="menu-group">
            <p className="menu-group-title" id={`${panelId}-${group.key}`}>
              {group.title}
            </p>
            <ul aria-labelledby={`${panelId}-${group.key}`}>
              {group.links.map((link) => (
                <li key={link.key}>
                  <NavLink
                    to={link.to}
                    className={({ isActive }) => (isActive ? 'menu-link menu-link--current' : 'menu-link')}
                    onClick={() => setOpen(false)}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
