import type { Registry } from '../../core/registry/registry';
import type { BillTypes } from '../contract';

/** The bill types of a registry read whole (the server's, a test's): each is there already. */
export function typesOfRegistry(registry: Registry): BillTypes {
  return {
    load: async (entry) => {
      const billType = registry.byType(entry.type);
      if (!billType) throw new Error(`No bill type "${entry.type}" in the registry`);
      return billType;
    },
    validatorFor: (billType) => registry.validatorFor(billType),
  };
}
