import { useEffect, useState } from 'react';
import type { RegistryIndex } from '../../engine/core';
import { clientNameKey } from '../../engine/core/clients';
import { useApi } from '../api/ApiContext';
import { useCan, useMayWorkOn } from '../auth/can';

/** What a client owes one unit today, in rupees. */
export interface UnitBalance {
  unit: string;
  label: string;
  outstanding: number;
}

/** Each client's balance per unit that sells, keyed by clientNameKey (bills keep the name as typed). */
export type ClientBalances = ReadonlyMap<string, UnitBalance[]>;

/**
 * Issue 50 item 11: the Clients screen shows what each client owes, read from each selling unit's receivables (the
 * one place balances are summed: payments, notes and cancellations counted) once per screen, not per row.
 * Undefined until read, and for a role that may not see payments.
 */
export function useClientBalances(registry: RegistryIndex): ClientBalances | undefined {
  const { receivables } = useApi();
  const mayRead = useCan()('payments.read');
  const mayWorkOn = useMayWorkOn();
  // The units as slugs: the account's check is a new function each render, its answer is what the effect follows.
  const unitKey = registry.units
    .filter((unit) => mayWorkOn(unit.slug) && registry.billTypes.some((billType) => billType.unit === unit.slug && billType.countsAsSales))
    .map((unit) => unit.slug)
    .join(',');
  const [balances, setBalances] = useState<ClientBalances>();

  useEffect(() => {
    if (!mayRead) return;
    let current = true;
    const units = registry.units.filter((unit) => unitKey.split(',').includes(unit.slug));
    Promise.all(units.map(async (unit) => ({ unit, answer: await receivables.receivables(unit.slug) })))
      .then((answers) => {
        if (!current) return;
        const byClient = new Map<string, UnitBalance[]>();
        for (const { unit, answer } of answers) {
          for (const client of answer.clients) {
            const key = clientNameKey(client.clientname);
            byClient.set(key, [...(byClient.get(key) ?? []), { unit: unit.slug, label: unit.menuLabel, outstanding: client.outstanding }]);
          }
        }
        setBalances(byClient);
      })
      // The list stays usable without its balances; the Receivables screen names what went wrong.
      .catch(() => current && setBalances(new Map()));
    return () => {
      current = false;
    };
  }, [receivables, mayRead, registry, unitKey]);

  return balances;
}
