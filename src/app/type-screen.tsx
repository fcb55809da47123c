import { useEffect, useState, type ComponentType } from 'react';
import type { BillType, BillTypeEntry } from '../engine/core';
import { lazyScreen, reloadForChunk } from './lazy-screen';
import { loadBillTypes, loadedBillTypes } from './registry';

/** What a bill type's screen is given: its type, read whole. */
export interface TypeScreenProps {
  billType: BillType;
}

/**
 * A bill type's screen (create, edit, list) whose code loads on demand, as lazyScreen's, together with its bill
 * type: the route knows the type's index entry, the screen gets the type read whole. Both are asked for at once;
 * the screen shows when both have arrived.
 */
export function typeScreen(load: () => Promise<{ default: ComponentType<TypeScreenProps> }>): ComponentType<{ billType: BillTypeEntry }> {
  let asked = false;
  const Screen = lazyScreen(load);
  return function TypeScreen({ billType }: { billType: BillTypeEntry }) {
    if (!asked) {
      asked = true;
      // Its chunk on the way while the types load; a failure is the lazy screen's to report.
      load().catch(() => (asked = false));
    }
    const loaded = useLoadedBillTypes([billType]);
    if (!loaded) return <p className="page-loading">Please Wait</p>;
    return <Screen billType={loaded[0]} />;
  };
}

/** These bill types read whole, once loaded (undefined until then); a module that cannot be had reloads the app once. */
export function useLoadedBillTypes(entries: BillTypeEntry[]): BillType[] | undefined {
  const key = entries.map((entry) => entry.type).join(' ');
  const [, setArrived] = useState<string>();
  const [failure, setFailure] = useState<{ error: unknown }>();
  const ready = loadedBillTypes(entries);
  const missing = ready === undefined;
  useEffect(() => {
    if (!missing) return;
    let current = true;
    loadBillTypes(entries).then(
      () => current && setArrived(key),
      // A type's module gone (the app rebuilt, issue 30): reload once, then the router's error screen.
      (error: unknown) => current && !reloadForChunk() && setFailure({ error }),
    );
    return () => {
      current = false;
    };
    // `key` names the entries: a new array of the same types asks for nothing new.
  }, [key, missing]);
  if (failure) throw failure.error;
  return ready;
}
