/**
 * Generated requests for every operation of an OpenAPI document: a plausible request built from the
 * operation's own schemas, then missing, extra, mistyped, huge, deeply nested, unicode-edge and
 * boundary variations of it. Everything is drawn from a seeded generator, so a seed replays a run.
 */
import type { Random } from '../lib/random.ts';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  default?: unknown;
}

interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  responses: string[];
  needsLogin: boolean;
}

export interface FuzzRequest {
  method: string;
  url: string;
  /** A JSON value, or raw text sent as it is. */
  body?: { json: unknown } | { raw: string; contentType: string };
  kind: string;
}

/** Values a route may want for a path parameter, by the name before it: real rows make deeper code run. */
export type KnownIds = Record<string, string[]>;

/** The operations of an OpenAPI 3.1 document, in a stable order. */
export function listOperations(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = (operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema,
        responses: Object.keys((operation.responses as Record<string, unknown> | undefined) ?? {}),
        needsLogin: Array.isArray(operation.security) && operation.security.length > 0,
      });
    }
  }
  return operations;
}

const future = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
let sequence = 0;

/** A plausible value for a field, from its schema and, for text, its name. */
export function sampleValue(schema: JsonSchema | undefined, name: string, random: Random, ids: KnownIds = {}): unknown {
  if (!schema) return 'value';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return random.pick(schema.enum.filter((value) => value !== null));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const usable = alternatives.filter((alternative) => alternative.type !== 'null');
    return sampleValue(random.pick(usable.length ? usable : alternatives), name, random, ids);
  }
  if (schema.allOf?.length) return sampleValue(schema.allOf[0], name, random, ids);
  const type = Array.isArray(schema.type) ? (schema.type.find((item) => item !== 'null') ?? 'string') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || random.chance(0.6)) value[key] = sampleValue(property, key, random, ids);
      }
      return value;
    }
    case 'array':
      return [sampleValue(schema.items, name, random, ids)];
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? schema.exclusiveMinimum ?? 0, 0);
      const max = Math.min(schema.maximum ?? min + 100, min + 100);
      return type === 'integer' ? Math.ceil((min + max) / 2) : (min + max) / 2 + 0.5;
    }
    case 'boolean':
      return random.chance(0.5);
    default: {
      // A row's id: a real one where the run knows one (job_id names a job), else any UUID.
      if (schema.format === 'uuid' || name.endsWith('_id')) {
        const known = ids[`${name.replace(/_id$/, '')}s`] ?? ids[name];
        return known?.length ? random.pick(known) : crypto.randomUUID();
      }
      if (name === 'role') return random.pick(['professional', 'employer']);
      // Places and trades below the country are left out rather than guessed.
      if (/^(city|industry_category|local_service_category|local_service_subcategory)$/.test(name)) return undefined;
      return sampleText(schema, name);
    }
  }
}

function sampleText(schema: JsonSchema, name: string): string {
  sequence += 1;
  const named = (pattern: RegExp) => pattern.test(name);
  let text: string;
  if (schema.format === 'email' || named(/email|^to$/)) text = `fuzz${Date.now().toString(36)}${sequence}@example.ae`;
  else if (named(/password/)) text = 'Sunrise2026!x';
  else if (named(/country_code/)) text = '+971';
  else if (named(/phone/)) text = `50${String(1_000_000 + sequence).slice(-7)}`;
  else if (named(/date|deadline|start/)) text = future();
  else if (named(/^country$/)) text = 'AE';
  else if (named(/emirate|region/)) text = 'Dubai';
  else if (named(/code/)) text = '123456';
  else if (named(/image_data/)) text = TINY_PNG;
  else if (named(/skills/)) text = 'React, Node.js';
  else if (named(/url|link/)) text = 'https://example.com/work';
  else text = `Fuzz text ${sequence} for ${name}`;
  if (schema.minLength && text.length < schema.minLength) text = text.padEnd(schema.minLength, 'x');
  if (schema.maxLength && text.length > schema.maxLength) text = text.slice(0, schema.maxLength);
  return text;
}

const TINY_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Values nobody should send: wrong types, sizes, encodings and edges. */
export const hostileValues: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  '   ',
  'x'.repeat(100_000),
  'NUL\u0000inside',
  'half \ud800 a pair',
  '\u202eevil\u200b\u200f',
  '😀'.repeat(500),
  '١٢٣٤٥',
  '٣٫٥',
  '1e5',
  'NaN',
  'Infinity',
  '-0',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '２０２６',
  'line\r\nBcc: someone@example.com',
  '2026-02-30',
  '9999-12-31',
  [],
  [1, 'a', null],
  {},
  { nested: { deeper: { deepest: [1] } } },
  true,
  false,
];

const hostileSegments = [
  '00000000-0000-0000-0000-000000000000',
  'not-an-id',
  '0',
  '-1',
  'x'.repeat(2000),
  '%00',
  '%E0%A4%A',
  '..%2F..%2Fetc',
  '%D9%85%D9%87%D9%86%D8%A9',
  '😀',
];

const deeplyNested = (depth: number) => `{"value":${'['.repeat(depth)}${']'.repeat(depth)}}`;

function fillPath(operation: Operation, ids: KnownIds, random: Random, hostile = false): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (hostile) return random.pick(hostileSegments);
    const before = operation.path.split(`{${name}}`)[0]!.split('/').filter(Boolean).at(-1) ?? '';
    const known = ids[before] ?? ids[name];
    return encodeURIComponent(known?.length ? random.pick(known) : crypto.randomUUID());
  });
}

function queryString(entries: [string, unknown][]): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `count` requests for one operation: the plausible one, each kind of refusal once, then random field mutations. */
export function casesFor(operation: Operation, count: number, random: Random, ids: KnownIds): FuzzRequest[] {
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
  const baseQuery = (): [string, unknown][] =>
    queryParams
      .filter((parameter) => parameter.required || random.chance(0.4))
      .map((parameter) => [parameter.name, sampleValue(parameter.schema, parameter.name, random, ids)]);
  const url = (query: [string, unknown][] = baseQuery(), hostilePath = false) =>
    fillPath(operation, ids, random, hostilePath) + queryString(query);
  const baseBody = () => (operation.body ? sampleValue(operation.body, 'body', random, ids) : undefined);
  const withBody = (kind: string, body: FuzzRequest['body'], query?: [string, unknown][]): FuzzRequest => ({
    method: operation.method,
    url: url(query),
    body,
    kind,
  });
  const json = (value: unknown) => ({ json: value });
  const properties = Object.keys(operation.body?.properties ?? {});

  const fixed: (() => FuzzRequest)[] = [
    () => withBody('plausible', operation.body ? json(baseBody()) : undefined),
    () => ({
      method: operation.method,
      url: url(undefined, true),
      body: operation.body ? json(baseBody()) : undefined,
      kind: 'hostile path',
    }),
    () =>
      withBody(
        'query as arrays',
        operation.body ? json(baseBody()) : undefined,
        queryParams.map((parameter) => [parameter.name, ['1', 'two']]),
      ),
    () => {
      const parameter = queryParams.length ? random.pick(queryParams) : undefined;
      return withBody('hostile query value', operation.body ? json(baseBody()) : undefined, [
        ...baseQuery(),
        [parameter?.name ?? 'unexpected', random.pick(hostileValues.filter((value) => typeof value === 'string'))],
      ]);
    },
    () => withBody('huge query value', undefined, [[queryParams[0]?.name ?? 'q', 'q'.repeat(8000)]]),
    () => withBody('empty object', json({})),
    () => withBody('null body', json(null)),
    () => withBody('array body', json([baseBody()])),
    () => withBody('text body', json('just text')),
    () => withBody('malformed JSON', { raw: '{"name": "Sara",', contentType: 'application/json' }),
    () => withBody('deeply nested', { raw: deeplyNested(5000), contentType: 'application/json' }),
    () => withBody('wrong content type', { raw: 'name=Sara', contentType: 'application/x-www-form-urlencoded' }),
    () =>
      withBody('prototype keys', {
        raw: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
        contentType: 'application/json',
      }),
    () =>
      withBody(
        'extra fields',
        json({ ...(baseBody() as object), role: 'admin', is_admin: true, id: crypto.randomUUID(), user_id: crypto.randomUUID() }),
      ),
  ];
  const mutate = (fields: number) => () => {
    const body = { ...((baseBody() as Record<string, unknown> | undefined) ?? {}) };
    for (let index = 0; index < fields && properties.length; index += 1) {
      const field = random.pick(properties);
      if (random.chance(0.15)) delete body[field];
      else body[field] = random.pick(hostileValues);
    }
    return withBody(`${fields} hostile field${fields > 1 ? 's' : ''}`, json(body));
  };
  const missingRequired = () => {
    const body = { ...((baseBody() as Record<string, unknown> | undefined) ?? {}) };
    const required = operation.body?.required ?? [];
    if (required.length) delete body[random.pick(required)];
    return withBody('missing required field', json(body));
  };

  const cases = fixed.map((make) => make());
  while (cases.length < count) cases.push(random.pick([mutate(1), mutate(1), mutate(3), missingRequired])());
  return cases;
}
