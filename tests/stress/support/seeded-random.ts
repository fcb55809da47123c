/** A small seeded generator (mulberry32), so a failing run can be repeated with its seed. */
export interface Random {
  /** In [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(choices: readonly T[]): T;
  chance(probability: number): boolean;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (choices) => choices[int(0, choices.length - 1)],
    chance: (probability) => next() < probability,
  };
}

/** The seed in the environment variable `name` (to repeat a run), else a fresh one; printed either way. */
export function seedFrom(name: string, what: string): number {
  const given = process.env[name];
  const seed = given && /^\d+$/.test(given) ? Number(given) : Math.floor(Math.random() * 2 ** 31);
  console.log(`${what}: seed ${seed} (repeat with ${name}=${seed})`);
  return seed;
}
