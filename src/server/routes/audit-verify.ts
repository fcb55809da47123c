import type { FastifyInstance } from 'fastify';
import { needs } from '../auth/access';
import { bodyOf } from '../http/body';
import { badRequest } from '../http/errors';
import { parseHead, typeNamesOf } from '../storage/audit-verify';
import type { RouteContext } from './context';

/**
 * `POST /api/common/verifyaudit { head? }` (issue 45, owners): walks the whole audit chain and names the first row
 * that was changed, deleted or inserted; with `head` ('N:HASH', as printed on a GSTR-1 or register download), also
 * says whether that head is still in the chain. A long read, so it takes one of the operator's report slots.
 */
export function auditVerifyRoutes(app: FastifyInstance, { registry, storage, reportSlot }: RouteContext): void {
  app.post('/api/common/verifyaudit', { ...needs('audit.verify'), preHandler: reportSlot }, async (request) => {
    const body = bodyOf(request);
    let claim;
    if (body.head !== undefined && body.head !== null && body.head !== '') {
      claim = typeof body.head === 'string' ? parseHead(body.head) : undefined;
      if (!claim) throw badRequest('head must be a chain head as printed on a download: N:HASH (the row count, a colon, 64 hex digits).');
    }
    return storage.auditChain.verify({ claim, typeName: typeNamesOf(registry) });
  });
}
