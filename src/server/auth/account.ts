import type { Operator } from '../storage';
import type { Roles } from './roles';

/** What the app is told of the signed-in operator (sign-in and `me`): it hides what the actions do not allow. */
export interface AccountAnswer {
  email: string;
  role: string;
  roleLabel: string;
  /** The unit slugs the operator may work on; null: every unit. */
  units: string[] | null;
  actions: string[];
  mustChangePassword: boolean;
}

export function accountAnswer(operator: Operator, roles: Roles): AccountAnswer {
  const role = roles.roles.get(operator.role);
  return {
    email: operator.email,
    role: operator.role,
    roleLabel: role?.label ?? operator.role,
    units: operator.units,
    actions: role ? [...role.actions].sort() : [],
    mustChangePassword: operator.mustChangePassword,
  };
}
