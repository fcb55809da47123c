/** What a bench process shares between its parts (a seeded server) and stops when every part is done. */
const cleanups: (() => Promise<void>)[] = [];

export function atBenchEnd(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

export async function benchEnded(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}
