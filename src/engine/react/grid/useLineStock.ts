import { useMemo, useSyncExternalStore } from 'react';
import type { ObjectSpec } from '../../core/registry/types';
import type { BillFormContext } from '../form-context';
import { lineStockFields, type LineStockSource } from './line-stock';
import type { LineStockView } from './LineRow';

const NOTHING = () => () => undefined;
const NONE = () => undefined;

/** What a goods grid shows of stock (issue 48): undefined until the unit's stock is read, or for lines of no stock. */
export function useLineStock(spec: ObjectSpec, context: BillFormContext): LineStockView | undefined {
  const source: LineStockSource | undefined = context.lineStock;
  const fields = useMemo(() => lineStockFields(spec, context.catalogs), [spec, context.catalogs]);
  const wanted = fields && source;
  const onHand = useSyncExternalStore(wanted ? source.subscribe : NOTHING, wanted ? source.onHand : NONE);
  return useMemo(() => (fields && source && onHand ? { fields, onHand, source } : undefined), [fields, source, onHand]);
}
