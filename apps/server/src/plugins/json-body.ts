import { MAX_JSON_DEPTH, requestMessages } from '@mihna/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The deepest nesting of objects and arrays in JSON text, read in one pass without recursion, so that
 * a hostile body is measured before anything (the parser, the text checks, a route) walks it.
 * Brackets inside strings are not counted. The text need not be valid: the parser judges that.
 */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * Every JSON body, on every route at once, is measured before it is parsed: one nested too deeply is
 * refused with 400 instead of overflowing the stack of whatever walks it. Prototype poisoning is
 * refused as Fastify's own parser refuses it.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new AppError('bad_request', requestMessages.tooDeep), undefined);
      return;
    }
    void parse(request, text, done);
  });
}
