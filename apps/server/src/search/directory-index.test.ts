import { describe, expect, it } from 'vitest';
import { createRandom, type Random } from '../lib/random.ts';
import { createDirectoryIndex, directoryText, type DirectoryEntry, type DirectorySearch } from './directory-index.ts';
import type { PagePlan } from './sort-orders.ts';

// The index against a model that checks every entry's text one by one (`includes`): the same
// matches, the same total, the same pages, through additions, edits and removals.

const syllables = ['al', 'man', 'soo', 'ri', 'had', 'dad', 'la', 'y', 'a', 'تص', 'ميم', 'مو', 'قع', '.1', '2@', 'x'];
const facetTokens = ['state:open', 'state:closed', 'state:suspended', 'industry:it', 'industry:legal'];
const idOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function model() {
  const entries = new Map<string, DirectoryEntry>();
  return {
    entries,
    search(search: DirectorySearch) {
      const term = search.term === undefined ? '' : directoryText(search.term);
      const { low, high } = search.meets ?? {};
      const matched = [...entries.values()]
        .filter(
          (entry) =>
            directoryText(entry.text).includes(term) &&
            search.facets.every((facet) => entry.facets.includes(facet)) &&
            (low === undefined || entry.range!.high >= low) &&
            (high === undefined || entry.range!.low <= high),
        )
        .sort((a, b) => a.createdUs - b.createdUs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      if (search.newestFirst) matched.reverse();
      return { total: matched.length, ids: matched.slice(search.skip, search.skip + search.limit).map((entry) => entry.id) };
    },
  };
}

const word = (random: Random) =>
  Array.from({ length: 1 + random.below(3) }, () => random.pick(syllables))
    .join('')
    .replace(/^./u, (first) => (random.chance(0.3) ? first.toUpperCase() : first));

function randomEntry(random: Random, id: string): DirectoryEntry {
  const low = random.below(50) * 10_000;
  return {
    id,
    // Few distinct times, so ties are broken by the id.
    createdUs: random.below(20) * 1_000_000,
    // Words apart by a space, and now and then by several or a tab (searched as one space).
    text: Array.from({ length: random.below(5) }, () => word(random)).join(random.chance(0.1) ? ' \t ' : ' '),
    facets: facetTokens.filter(() => random.chance(0.35)),
    range: { low, high: low + random.below(5) * 10_000 },
  };
}

/** A part of an entry's text (one or more words, or across words), or a part found nowhere. */
function randomTerm(random: Random, entries: DirectoryEntry[]): string | undefined {
  const roll = random.next();
  if (roll < 0.1 || entries.length === 0) return undefined;
  if (roll < 0.15) return 'zzz';
  if (roll < 0.25) return random.pick(syllables);
  const text = directoryText(random.pick(entries).text);
  const start = random.below(text.length + 1);
  const part = text.slice(start, start + 1 + random.below(12));
  return random.chance(0.2) ? `  ${part.toUpperCase()} ` : part;
}

function randomSearch(random: Random, entries: DirectoryEntry[]): DirectorySearch {
  return {
    term: randomTerm(random, entries),
    facets: facetTokens.filter(() => random.chance(0.12)),
    meets: random.chance(0.2) ? { low: random.chance(0.5) ? random.below(300_000) : undefined, high: random.below(500_000) } : undefined,
    newestFirst: random.chance(0.7),
    skip: random.chance(0.3) ? random.below(40) : 0,
    limit: 1 + random.below(12),
  };
}

describe('the in-memory directory index', () => {
  for (const plan of ['cheaper', 'walk', 'collect'] satisfies PagePlan[]) {
    it(`answers as an entry-by-entry check would, through changes, reading pages by ${plan}`, () => {
      const random = createRandom(plan.length + 11);
      const index = createDirectoryIndex({ plan });
      const expected = model();
      for (let round = 0; round < 12; round += 1) {
        // Additions, edits (some only to the time, some only to the facets, some to everything), removals: the
        // index grows past its first capacity, and its vocabulary past the words it scans in one string.
        for (let change = 0; change < 300; change += 1) {
          const id = idOf(random.below(1_500));
          const existing = expected.entries.get(id);
          if (existing && random.chance(0.2)) {
            index.remove(id);
            expected.entries.delete(id);
          } else {
            const roll = random.next();
            const entry =
              existing && roll < 0.3
                ? { ...existing, createdUs: random.below(20) * 1_000_000 }
                : existing && roll < 0.6
                  ? { ...existing, facets: facetTokens.filter(() => random.chance(0.35)) }
                  : randomEntry(random, id);
            index.upsert(entry);
            expected.entries.set(id, entry);
          }
        }
        expect(index.size).toBe(expected.entries.size);
        const entries = [...expected.entries.values()];
        for (let query = 0; query < 60; query += 1) {
          const search = randomSearch(random, entries);
          expect(index.search(search), JSON.stringify(search)).toEqual(expected.search(search));
        }
      }
    });
  }

  it('answers alike when loaded whole and sealed, and after changes made once sealed', () => {
    const random = createRandom(5);
    const expected = model();
    const index = createDirectoryIndex({ sealed: false });
    for (let n = 0; n < 900; n += 1) {
      const entry = randomEntry(random, idOf(n));
      index.upsert(entry);
      expected.entries.set(entry.id, entry);
    }
    expect(() => index.search({ term: undefined, facets: [], newestFirst: true, skip: 0, limit: 10 })).toThrow();
    index.seal();
    const compare = () => {
      const entries = [...expected.entries.values()];
      for (let query = 0; query < 80; query += 1) {
        const search = randomSearch(random, entries);
        expect(index.search(search)).toEqual(expected.search(search));
      }
    };
    compare();
    for (const id of [...expected.entries.keys()].slice(0, 100)) {
      index.remove(id);
      expected.entries.delete(id);
    }
    const renamed = { ...expected.entries.values().next().value!, text: 'Layla Al Mansoori layla.m@demo.mihna.ae' };
    index.upsert(renamed);
    expected.entries.set(renamed.id, renamed);
    compare();
    expect(index.deadShare).toBeGreaterThan(0);
  });

  it('finds a part of a name or an e-mail address anywhere in it, in any script, whatever its case and spacing', () => {
    const index = createDirectoryIndex();
    const people = [
      ['Layla Al Mansoori layla.almansoori.12345@demo.mihna.ae', 1],
      ['Omar Haddad omar.haddad.777@demo.mihna.ae', 2],
      ['ليلى المنصوري layla.ar@demo.mihna.ae', 3],
    ] as const;
    people.forEach(([text, n]) => index.upsert({ id: idOf(n), createdUs: n, text, facets: [] }));
    const find = (term: string) => index.search({ term, facets: [], newestFirst: true, skip: 0, limit: 20 }).ids;
    expect(find('mansoor')).toEqual([idOf(1)]);
    expect(find('AL   MANS')).toEqual([idOf(1)]);
    expect(find('.12345@')).toEqual([idOf(1)]);
    expect(find('منصور')).toEqual([idOf(3)]);
    expect(find('layla')).toEqual([idOf(3), idOf(1)]);
    expect(find('mansoori layla.al')).toEqual([idOf(1)]);
    // Across words only where the words follow one another.
    expect(find('haddad layla')).toEqual([]);
    expect(find('%')).toEqual([]);
    // A term of more words than the order check keeps marks for.
    const long = Array.from({ length: 40 }, (_, n) => `w${n}`);
    index.upsert({ id: idOf(4), createdUs: 4, text: long.join(' '), facets: [] });
    expect(find(long.slice(2, 38).join(' ').slice(1, -1))).toEqual([idOf(4)]);
    expect(find([...long.slice(2, 20), 'w1', ...long.slice(20, 38)].join(' '))).toEqual([]);
  });

  it('folds letters alike whoever lower-cased them: PostgreSQL’s stored text, JavaScript’s search term', () => {
    const index = createDirectoryIndex();
    // As lower() in PostgreSQL stores "ΟΔΟΣ ISTANBUL" and "İzmir".
    index.upsert({ id: idOf(1), createdUs: 1, text: 'οδοσ istanbul', facets: [] });
    index.upsert({ id: idOf(2), createdUs: 2, text: 'i̇zmir', facets: [] });
    const find = (term: string) => index.search({ term, facets: [], newestFirst: true, skip: 0, limit: 20 }).ids;
    expect(find('ΟΔΟΣ')).toEqual([idOf(1)]);
    expect(find('İzmir')).toEqual([idOf(2)]);
    expect(find('izmir')).toEqual([idOf(2)]);
  });
});
