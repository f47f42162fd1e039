export type Tier = 'mild' | 'moderate' | 'severe';

/** A span of the original text (UTF-16 indices, end exclusive) that must be masked. */
export interface Finding {
  start: number;
  end: number;
  tier: Tier;
  term: string;
}

const tierRank: Record<Tier, number> = { mild: 1, moderate: 2, severe: 3 };

export function highestTier(findings: readonly Finding[]): Tier | undefined {
  let highest: Tier | undefined;
  for (const finding of findings) {
    if (highest === undefined || tierRank[finding.tier] > tierRank[highest]) highest = finding.tier;
  }
  return highest;
}
