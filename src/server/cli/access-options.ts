import type { Registry } from '../../engine/core';
import { roleFrom, unitsFrom } from '../auth/operator-input';
import type { Roles } from '../auth/roles';
import type { AccessChange } from '../storage/operators';
import { UsageError } from './trash';

export const ACCESS_USAGE = `--role <role>           owner, operator or accountant (schemas/roles.json)
                   --units <a,b|all>       the units they may work on (unit slugs), or all`;

/**
 * `--role R`, `--units a,b|all`, `--disable`, `--enable` after an e-mail: checked as the API checks them (a role
 * of roles.json, the registry's units). Anything else is a usage error.
 */
export function accessOptions(args: string[], roles: Roles, registry: Registry): AccessChange {
  const change: AccessChange = {};
  for (let at = 0; at < args.length; at++) {
    const flag = args[at];
    if (flag === '--disable' || flag === '--enable') {
      change.disabled = flag === '--disable';
      continue;
    }
    const value = args[++at];
    if (value === undefined) throw new UsageError(`${flag} needs a value.`);
    if (flag === '--role') change.role = roleFrom(roles, value);
    else if (flag === '--units') change.units = unitsFrom(registry, value === 'all' ? null : value.split(',').map((slug) => slug.trim()));
    else throw new UsageError(`Unknown option ${flag}.`);
  }
  return change;
}

/** "all units" or the slugs. */
export const unitsText = (units: string[] | null): string => (units ? units.join(',') : 'all units');
