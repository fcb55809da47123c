import { createContext, useContext, useEffect, useState } from 'react';
import type { SellerProfile } from '../../core/business-profile';
import type { BillServices } from '../contract';

/** The seller a bill screen shows in its letterhead (the unit's saved business profile), once loaded. */
export const SellerContext = createContext<SellerProfile | undefined>(undefined);

export function useSeller(): SellerProfile | undefined {
  return useContext(SellerContext);
}

/**
 * Asks the app for the unit's business profile once per screen. Until it answers, or when it cannot, the
 * letterhead shows the unit's units.json values: a bill can still be made without it.
 */
export function useSellerProfile(services: BillServices, unit: string): SellerProfile | undefined {
  const [seller, setSeller] = useState<SellerProfile>();
  useEffect(() => {
    let current = true;
    services.sellerProfile?.(unit).then(
      (profile) => current && setSeller(profile),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [services, unit]);
  return seller;
}
