/**
 * A LIKE pattern finding `term` anywhere: `%` and `_` in it are the letters typed, not wildcards
 * (the time-tracking and audit-log searches, which lower-case both sides).
 */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
