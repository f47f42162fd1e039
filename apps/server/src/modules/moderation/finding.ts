export type Tier = 'mild' | 'moderate' | 'severe';

/** A span of the original text (UTF-16 indices, end exclusive) that must be masked. */
export interface Finding {
  start: number;
  end: number;
  tier: Tier;
  term: string;
}

const tierRank: Record<Tier, number> = { mild: 1, moderate: 2, severe: 3 };

export function higherTier(a: Tier | undefined, b: Tier | undefined): Tier | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return tierRank[b] > tierRank[a] ? b : a;
}

export function highestTier(findings: readonly Finding[]): Tier | undefined {
  return findings.reduce<Tier | undefined>((highest, finding) => higherTier(highest, finding.tier), undefined);
}
