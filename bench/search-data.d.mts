// The types of search-data.mjs, for the server's tests that fill a database with it.
export const searchTerms: string[];
export const skills: string[];
export function projectsSql(count: number): string;
export function usersSql(count: number, role: 'employer' | 'professional', offset: number): string;
