import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDirectory = path.join(import.meta.dirname, 'locales');
const namespaces = fs.readdirSync(path.join(localesDirectory, 'en')).filter((file) => file.endsWith('.json'));

/** Every key path with the kind of value (and array length) it holds. */
function shapeOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [`${prefix}[${value.length}]`, ...value.flatMap((item, index) => shapeOf(item, `${prefix}[${index}]`))];
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => shapeOf(item, prefix ? `${prefix}.${key}` : key));
  return [prefix];
}

const read = (language: string, file: string): unknown => JSON.parse(fs.readFileSync(path.join(localesDirectory, language, file), 'utf8'));

describe('translations', () => {
  it.each(namespaces)('Arabic %s has exactly the keys of English', (file) => {
    expect(shapeOf(read('ar', file))).toEqual(shapeOf(read('en', file)));
  });

  it.each(namespaces)('Arabic %s keeps every interpolation and is written in Arabic', (file) => {
    const english = JSON.stringify(read('en', file));
    const arabic = JSON.stringify(read('ar', file));
    expect(arabic.match(/\{\{\w+\}\}/g)?.sort()).toEqual(english.match(/\{\{\w+\}\}/g)?.sort());
    expect(arabic).toMatch(/[\u0600-\u06FF]/);
  });
});
