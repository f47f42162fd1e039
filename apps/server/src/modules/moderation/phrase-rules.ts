import type { Finding, Tier } from './finding.ts';

interface PhraseRule {
  term: string;
  tier: Tier;
  /** Needs the `d` flag when it has a `mask` group; otherwise the whole match is masked. */
  pattern: RegExp;
}

const you = String.raw`(?:you|u|ya|yourself|your\s+(?:family|kids|children|wife|husband|mother|mom|mum|father|dad|sister|brother))`;
const willingly = String.raw`(?:'ll|’ll|\s+will|\s+shall|\s+gonna|'m\s+(?:going\s+to|gonna)|’m\s+(?:going\s+to|gonna)|\s+am\s+(?:going\s+to|gonna)|'re\s+(?:going\s+to|gonna)|\s+are\s+(?:going\s+to|gonna))`;
const harm = String.raw`(?:kill|murder|stab|strangle|slaughter|behead|rape|hurt|choke)`;

/**
 * Context the word lists cannot see: threats, solicitation, sexualised minors, "hell" used as an oath,
 * and profanity the writer starred out themselves.
 */
const rules: readonly PhraseRule[] = [
  {
    term: 'threat',
    tier: 'severe',
    // An optional adverb ("I will fucking kill you"), but never a negation ("I will never hurt you").
    pattern: new RegExp(String.raw`\b(?:i|we)${willingly}\s+(?:(?!not\b|never\b)[a-z]+\s+)?${harm}\s+${you}\b`, 'giu'),
  },
  {
    term: 'threat',
    tier: 'severe',
    pattern: /\b(?:go|just|should|please)\s+(?:kill|hang)\s+(?:yourself|your\s*self|urself|ur\s*self)\b/giu,
  },
  { term: 'threat', tier: 'severe', pattern: /\bi\s+know\s+where\s+(?:you|u)\s+live\b/giu },
  {
    term: 'solicitation',
    tier: 'severe',
    pattern:
      /\b(?:escort\s+(?:girls?|ladies|lady|models?)|call[\s-]?girls?|(?:sexual|sex|erotic|happy[\s-]ending|nuru|body[\s-]to[\s-]body)\s+(?:services?|massages?)|massages?\s+with\s+(?:a\s+)?happy\s+ending|(?:paid|pay\s+for)\s+sex|sex\s+for\s+(?:money|cash|sale))\b/giu,
  },
  { term: 'solicitation', tier: 'severe', pattern: /\b(?:send\s+(?:me\s+)?nudes|(?:selling|buy|sell)\s+nudes|nudes\s+for\s+sale)\b/giu },
  {
    term: 'minors',
    tier: 'severe',
    pattern:
      /\b(?:child|children|kids?|kiddie|kiddy|underage|under-age|pre-?teens?|minors?|teens?|young\s+(?:girls?|boys?))\s+(?:porn\w*|nude\s+(?:pics?|photos?|videos?)|nudes?|sex\s+(?:videos?|pics?|tapes?)|xxx)\b/giu,
  },
  { term: 'hell', tier: 'mild', pattern: /\b(?:the|to|bloody|like|as|fucking|fuckin|freaking)\s+(?<mask>hell)\b/dgiu },
  { term: 'hell', tier: 'mild', pattern: /\b(?<mask>hell)\s+(?:no|yes|yeah|of\s+a)\b/dgiu },
  { term: 'hell', tier: 'mild', pattern: /\b(?<mask>hellhole)\b/dgiu },
  {
    term: 'starred profanity',
    tier: 'moderate',
    pattern:
      /\b(?:f[*#@]{1,3}(?:c?k)(?:ing|in|er|ers|ed|s)?|sh[*#]t(?:ty|s)?|b[*#]tch(?:es)?|a[*#$]{2}holes?|c[*#]nts?|d[*#]ck)(?![\p{L}*])/giu,
  },
];

export function detectPhrases(text: string): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    for (const match of text.matchAll(rule.pattern)) {
      const masked = match.indices?.groups?.['mask'];
      const [start, end] = masked ?? [match.index, match.index + match[0].length];
      findings.push({ start, end, tier: rule.tier, term: rule.term });
    }
  }
  return findings;
}
