/**
 * Heavy work one signed-in operator may have under way at once (PDF renders; reports). Past the limit the next
 * request is refused at once (429) instead of queueing, so one operator's burst cannot take the server's
 * thread, workers or memory from the others.
 */
export interface OperatorSlots {
  /** A slot for the operator and the function that gives it back (once), or undefined when all are taken. */
  take(operator: string): (() => void) | undefined;
}

export function operatorSlots(limit: number): OperatorSlots {
  const underWay = new Map<string, number>();
  return {
    take(operator) {
      const count = underWay.get(operator) ?? 0;
      if (count >= limit) return undefined;
      underWay.set(operator, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (underWay.get(operator) ?? 1) - 1;
        if (left > 0) underWay.set(operator, left);
        else underWay.delete(operator);
      };
    },
  };
}
