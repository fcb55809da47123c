import type { ContractsSpec } from '../../engine/core/registry/contracts';
import file from '../../../schemas/contracts.json';

/**
 * contracts.json as the contract screens read it: frequencies, statuses, field titles and limits, endpoints. Imported
 * here only, so it loads with these screens. The server and `npm run gen` check the file; the browser trusts them.
 */
export const contractsSpec = (file as unknown as { contracts: ContractsSpec }).contracts;
