/**
 * A LIKE pattern finding `term` anywhere: `%` and `_` in it are the letters typed, not wildcards. The
 * database lower-cases it, as the directories' search_text is.
 */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
