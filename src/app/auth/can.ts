import { useAccountOf } from './account-store';
import { useToken } from './token-store';

/**
 * Whether the signed-in operator's role holds an action of schemas/roles.json, as the server answered it: screens
 * hide what the role may not do (the server refuses it anyway). Never decided by a role's name.
 */
export function useCan(): (action: string) => boolean {
  const account = useAccountOf(useToken());
  // Until a password set by an owner is changed, the server refuses everything else: nothing else is offered.
  return (action) => (account !== undefined && !account.mustChangePassword && account.actions.includes(action));
}

/** Whether a unit is one the operator may work on. */
export function useMayWorkOn(): (unit: string) => boolean {
  const account = useAccountOf(useToken());
  return (unit) => account !== undefined && (account.units === null || account.units.includes(unit));
}
