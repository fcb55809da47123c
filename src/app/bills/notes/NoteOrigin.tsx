import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BillTypeEntry } from '../../../engine/core/registry/types';
import { useApi } from '../../api/ApiContext';
import { editRoute } from '../../paths';
import { registry } from '../../registry';
import type { AgainstRef } from './note-start';

/** A note's edit screen names the bill it corrects (getbill's `against`), a link to that bill's edit screen. */
export default function NoteOrigin({ billType, billno, fy }: { billType: BillTypeEntry; billno: number; fy?: string }) {
  const { services } = useApi();
  const [against, setAgainst] = useState<AgainstRef>();

  useEffect(() => {
    let current = true;
    services.loadBill(billType, billno, fy).then(
      (stored) => current && setAgainst(stored?.against as AgainstRef | undefined),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [services, billType, billno, fy]);

  const originalType = against && registry.byType(against.billtype);
  if (!against || !originalType) return null;
  return (
    <section className="note-against" aria-label={`The bill this ${billType.menuLabel} corrects`}>
      <p>
        Against{' '}
        <Link to={editRoute(originalType, against.billno, against.fy)}>
          {originalType.menuLabel} No. {against.billno}
        </Link>
      </p>
    </section>
  );
}
