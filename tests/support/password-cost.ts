import type { HashCost } from '../../src/server/auth/passwords';

/**
 * scrypt's cost for the test servers' passwords (the API harness's and the browser files' app host's): a few
 * milliseconds a hash instead of PASSWORD_COST's third of a second of a core, which every sign-in, added operator and
 * changed password paid, about a minute of CI's two cores.
 * A check pays the cost stored in its hash, so the code path is production's; the tests of sign-in under load pass
 * PASSWORD_COST as a server option (and OPERATOR is then seeded at it), and sign-in-hardening checks that a server
 * hashes at PASSWORD_COST unless told otherwise.
 */
export const TEST_PASSWORD_COST: HashCost = { N: 2 ** 10, r: 8, p: 1 };
