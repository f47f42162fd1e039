import {
  DataSet,
  englishDataset,
  englishRecommendedTransformers,
  parseRawPattern,
  RegExpMatcher,
  SyntaxKind,
  type EnglishProfaneWord,
  type Node,
  type ParsedPattern,
  type PhraseContainer,
} from 'obscenity';
import { droppedDatasetPatterns, englishDatasetTiers, extraEnglishTerms, extraWhitelist } from './english-terms.ts';
import { highestTier, type Finding, type Tier } from './finding.ts';
import { expandToWord } from './masking.ts';
import { blankReferenceNumbers } from './reference-numbers.ts';

interface TermMetadata {
  term: string;
  tier: Tier;
}

// Mirrors englishRecommendedTransformers' collapseDuplicatesTransformer, which these letters survive doubled.
const lettersKeptDoubled = new Set(['b', 'e', 'o', 'l', 's', 'g']);

function collapseLikeMatcher(raw: string): string {
  return raw.replace(/(.)\1+/g, (run, char: string) => (lettersKeptDoubled.has(char) ? char.repeat(Math.min(run.length, 2)) : char));
}

function nodeSource(node: Node): string {
  if (node.kind === SyntaxKind.Wildcard) return '?';
  if (node.kind === SyntaxKind.Optional) return `[${nodeSource(node.childNode)}]`;
  return String.fromCodePoint(...node.chars);
}

function patternSource(pattern: ParsedPattern): string {
  const body = pattern.nodes.map(nodeSource).join('');
  return `${pattern.requireWordBoundaryAtStart ? '|' : ''}${body}${pattern.requireWordBoundaryAtEnd ? '|' : ''}`;
}

function datasetPhrases(): PhraseContainer<{ originalWord: EnglishProfaneWord }>[] {
  const phrases: PhraseContainer<{ originalWord: EnglishProfaneWord }>[] = [];
  // DataSet exposes its phrases only through removePhrasesIf, so a throwaway copy is drained to read them.
  new DataSet<{ originalWord: EnglishProfaneWord }>().addAll(englishDataset).removePhrasesIf((phrase) => {
    phrases.push(phrase);
    return true;
  });
  return phrases;
}

function buildDataset(): DataSet<TermMetadata> {
  const dataset = new DataSet<TermMetadata>();
  for (const phrase of datasetPhrases()) {
    const term = phrase.metadata?.originalWord;
    const tier = term === undefined ? null : englishDatasetTiers[term];
    if (term === undefined || tier === null) continue;
    dataset.addPhrase((builder) => {
      builder.setMetadata({ term, tier });
      for (const pattern of phrase.patterns) {
        if (!droppedDatasetPatterns.has(`${term}:${patternSource(pattern)}`)) builder.addPattern(pattern);
      }
      for (const whitelisted of phrase.whitelistedTerms) builder.addWhitelistedTerm(whitelisted);
      return builder;
    });
  }
  for (const extra of extraEnglishTerms) {
    dataset.addPhrase((builder) => {
      builder.setMetadata({ term: extra.term, tier: extra.tier });
      for (const raw of extra.patterns) builder.addPattern(parseRawPattern(collapseLikeMatcher(raw)));
      return builder;
    });
  }
  return dataset;
}

const dataset = buildDataset();
const built = dataset.build();
const matcher = new RegExpMatcher({
  blacklistedTerms: built.blacklistedTerms,
  whitelistedTerms: [...(built.whitelistedTerms ?? []), ...extraWhitelist],
  ...englishRecommendedTransformers,
});

/**
 * Profanity in Latin script, through obscenity (leetspeak, confusable letters, repeated letters). Reference numbers
 * such as villa N16 are numbers, not leetspeak.
 */
export function detectEnglish(text: string): Finding[] {
  const findings: Finding[] = [];
  for (const match of matcher.getAllMatches(blankReferenceNumbers(text))) {
    const { phraseMetadata, startIndex, endIndex } = dataset.getPayloadWithPhraseMetadata(match);
    if (!phraseMetadata) continue;
    const span = expandToWord(text, startIndex, endIndex + 1);
    findings.push({ ...span, tier: phraseMetadata.tier, term: phraseMetadata.term });
  }
  return findings;
}

/** Whether a string (such as letters a user spaced apart) contains Latin-script profanity, and its tier. */
export function englishTierOf(text: string): Tier | undefined {
  return highestTier(detectEnglish(text));
}
