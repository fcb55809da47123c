import { useState } from 'react';
import type { RegistryIndex } from '../../engine/core';
import { tokenEmail, useToken } from '../auth/token-store';

/** Each operator's last unit on the Reports screen, by e-mail, as their last screen and drafts are kept per operator. */
const REPORTS_UNIT_KEY = 'alfa-billing:reports-unit:';

function storedUnit(operator: string | undefined): string | null {
  try {
    return operator ? localStorage.getItem(REPORTS_UNIT_KEY + operator) : null;
  } catch {
    return null;
  }
}

/**
 * Issue 50 item 11: the Reports screen opens on the unit the operator used last (a shop that reports on its GST
 * unit every month should not pick it every time); the first unit when none is kept or the kept one is gone.
 */
export function useRememberedUnit(registry: RegistryIndex): [string, (unit: string) => void] {
  const operator = tokenEmail(useToken());
  const [unit, setUnit] = useState(() => {
    const kept = storedUnit(operator);
    return registry.units.some((candidate) => candidate.slug === kept) ? kept! : registry.units[0].slug;
  });
  const choose = (next: string) => {
    setUnit(next);
    try {
      if (operator) localStorage.setItem(REPORTS_UNIT_KEY + operator, next);
    } catch {
      // A full or refused storage only means the next visit opens on the first unit.
    }
  };
  return [unit, choose];
}
