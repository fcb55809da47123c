import { useMemo, useState } from 'react';
import type { BillServices } from '../../engine/react/contract';

/**
 * The bill services counting the saves that went through on this screen, so what shows the bill's past (its History)
 * reads again after each one.
 */
export function useSaveCount(services: BillServices): [BillServices, number] {
  const [saves, setSaves] = useState(0);
  const counting = useMemo<BillServices>(
    () => ({
      ...services,
      async submitBill(...args) {
        const pdf = await services.submitBill(...args);
        setSaves((count) => count + 1);
        return pdf;
      },
    }),
    [services],
  );
  return [counting, saves];
}
