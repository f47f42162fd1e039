/**
 * mulberry32: a small, fast seeded generator that gives the same sequence on every machine, unlike
 * Math.random. Demo data uses it so fresh starts look the same; the fuzzer so a seed replays a run.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const between = (min: number, max: number) => min + next() * (max - min);
  const integer = (min: number, max: number) => Math.floor(between(min, max + 1));
  /** A whole number from 0 to n - 1. */
  const below = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[below(items.length)] as T;
  /** One of the items, or undefined when there are none. */
  const pickIfAny = <T>(items: readonly T[]): T | undefined => (items.length === 0 ? undefined : pick(items));
  const chance = (probability: number) => next() < probability;
  return { next, between, integer, below, pick, pickIfAny, chance };
}

export type Random = ReturnType<typeof createRandom>;
