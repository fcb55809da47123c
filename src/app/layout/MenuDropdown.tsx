import { useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';
import type { BillType, MenuGroup } from '../../engine/core';

interface MenuDropdownProps {
  label: string;
  groups: MenuGroup[];
  /** The screen an entry opens (create or list). */
  pathOf(billType: BillType): string;
}

/**
 * A drop-down of the units' groups and their bill types (spec 2). A disclosure button and plain
 * links, so keyboards and screen readers need nothing special; the current entry is marked by
 * NavLink (aria-current) and styled black with white bold text.
 */
export function MenuDropdown({ label, groups, pathOf }: MenuDropdownProps) {
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
          <div key={group.unit.slug} className="menu-group">
            <p className="menu-group-title" id={`${panelId}-${group.unit.slug}`}>
              {group.unit.menuLabel}
            </p>
            <ul aria-labelledby={`${panelId}-${group.unit.slug}`}>
              {group.billTypes.map((billType) => (
                <li key={billType.type}>
                  <NavLink
                    to={pathOf(billType)}
                    className={({ isActive }) => (isActive ? 'menu-link menu-link--current' : 'menu-link')}
                    onClick={() => setOpen(false)}
                  >
                    {billType.menuLabel}
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
