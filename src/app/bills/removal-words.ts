import type { BillTypeEntry } from '../../engine/core';

export interface RemovalWords {
  /** The confirm dialog's title. */
  title: (billno: number) => string;
  /** The sentence that asks. */
  question: (clientName: string) => string;
  /** The button that removes, and the one that leaves the bill as it is. */
  confirm: string;
  keep: string;
}

/**
 * How the list asks before a bill goes (issue 50): a type whose delete is a cancel (the registry's
 * cancelsOnDelete: its number stays taken and the bill prints stamped CANCELLED) says "Cancel"; the rest keep
 * spec 2's "Delete". The dismiss button is then "Keep Bill", since a "Cancel" beside "Cancel Bill" would mislead.
 */
export function removalWordsOf(billType: BillTypeEntry): RemovalWords {
  if (billType.cancelsOnDelete) {
    return {
      title: (billno) => `Cancel Bill No. ${billno}`,
      question: (clientName) => `Are you sure? You want to cancel the bill of ${clientName}? It keeps its number and is listed under Show cancelled.`,
      confirm: 'Cancel Bill',
      keep: 'Keep Bill',
    };
  }
  return {
    title: (billno) => `Delete Bill No. ${billno}`,
    question: (clientName) => `Are you sure? You want to delete the bill of ${clientName}?`,
    confirm: 'Delete',
    keep: 'Cancel',
  };
}
