import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  errorStatus,
  requestMessages,
  type ErrorCode,
  type ErrorResponse,
  type ServerMessage,
  type ValidationIssue,
} from '@mihna/shared';
import { AppError } from '../lib/app-error.ts';

// What Fastify refuses itself, answered in the catalogue's words rather than Fastify's.
const fastifyErrors: Partial<Record<string, { code: ErrorCode; detail: ServerMessage }>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', detail: requestMessages.notJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_request', detail: requestMessages.notJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', detail: requestMessages.unreadable },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', detail: requestMessages.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', detail: requestMessages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_TYPE: { code: 'unsupported_media_type', detail: requestMessages.unsupportedMediaType },
  FST_ERR_VALIDATION: { code: 'validation_failed', detail: requestMessages.invalidValue },
};

// The general code of each status (validation_failed for 422, not content_refused): the first listed.
const codeByStatus = new Map<number, ErrorCode>();
for (const [code, status] of Object.entries(errorStatus)) if (!codeByStatus.has(status)) codeByStatus.set(status, code as ErrorCode);

const detailByCode: Partial<Record<ErrorCode, ServerMessage>> = {
  not_found: requestMessages.notFound,
  method_not_allowed: requestMessages.methodNotAllowed,
  request_timeout: requestMessages.timeout,
  payload_too_large: requestMessages.tooLarge,
  unsupported_media_type: requestMessages.unsupportedMediaType,
  validation_failed: requestMessages.invalidValue,
  headers_too_large: requestMessages.headersTooLarge,
  rate_limited: requestMessages.tooManyRequests,
};

/** Any other refusal with a 4xx status: its code, in the catalogue's general words for it. */
function refusalOf(status: number): { code: ErrorCode; detail: ServerMessage } {
  const code = codeByStatus.get(status) ?? 'bad_request';
  return { code, detail: detailByCode[code] ?? requestMessages.unreadable };
}

/** Errors Fastify raises before routing (a badly encoded URL, say), in the same shape. */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const { code, detail } = refusalOf(error.statusCode && error.statusCode < 500 ? error.statusCode : 400);
  void send(reply, code, detail);
}

const clientErrors: Record<string, { code: ErrorCode; detail: ServerMessage }> = {
  HPE_HEADER_OVERFLOW: { code: 'headers_too_large', detail: requestMessages.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', detail: requestMessages.timeout },
};
const unreadable = { code: 'bad_request', detail: requestMessages.unreadable } as const;

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a request line it cannot read, headers
 * over the limit) are answered in the same `{detail, code}` shape, then the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { code, detail } = (error.code && clientErrors[error.code]) || unreadable;
  const status = errorStatus[code];
  const body = JSON.stringify({ detail, code } satisfies ErrorResponse);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

function send(reply: FastifyReply, code: ErrorCode, detail: ErrorResponse['detail'], reason?: string) {
  return reply.status(errorStatus[code]).send((reason === undefined ? { detail, code } : { detail, code, reason }) satisfies ErrorResponse);
}

// PostgreSQL refuses text containing NUL or half a surrogate pair, so such text is turned away
// before it reaches a query.
const isStorableText = (text: string) => !text.includes('\u0000') && !/\p{Surrogate}/u.test(text);
const hasUnstorableText = (value: unknown): boolean => {
  if (typeof value === 'string') return !isStorableText(value);
  // A file's bytes (an attachment) are stored as bytes, not text.
  if (value instanceof Uint8Array) return false;
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, item]) => !isStorableText(key) || hasUnstorableText(item));
  }
  return false;
};

// A unique index refused a row that a concurrent request inserted first.
export const isUniqueViolation = (error: unknown): boolean => {
  const candidate = error as { code?: unknown; cause?: unknown } | null;
  return candidate?.code === '23505' || (candidate?.cause !== undefined && isUniqueViolation(candidate.cause));
};

/** Errors leave the server in one shape, and a client mistake is never answered with a 5xx. */
export function registerErrorHandling(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasUnstorableText(request.body) || hasUnstorableText(request.query) || hasUnstorableText(request.params)) {
      throw new AppError('bad_request', requestMessages.notAllowedCharacters);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(error.retryAfterSeconds));
      return send(reply, error.code, error.detail, error.reason);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ValidationIssue[] = error.validation.map((item) => {
        const where = error.validationContext ?? 'body';
        const path = item.instancePath.split('/').filter(Boolean);
        return {
          loc: [where, ...path.map((part) => (/^\d+$/.test(part) ? Number(part) : part))],
          msg: item.message ?? requestMessages.invalidValue,
          type: item.keyword,
        };
      });
      return send(reply, 'validation_failed', issues);
    }

    if (isUniqueViolation(error)) return send(reply, 'conflict', requestMessages.raced);

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return send(reply, 'internal', requestMessages.internal);
    }

    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) return send(reply, known.code, known.detail);

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const { code, detail } = refusalOf(status);
      return send(reply, code, detail);
    }

    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'internal', requestMessages.internal);
  });
}

/**
 * Every route declares the errors any route of its kind can answer, so the OpenAPI document lists
 * every status a client may see: an unreadable request (400) and a throttled one (429) anywhere; a
 * refused body (413, 415) on any method that can carry one and 422 where one is read; refused parameters (422) and an unknown id (404)
 * where there are parameters; 401 where a login is needed.
 */
export function declareCommonErrors(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as
      | {
          body?: unknown;
          querystring?: unknown;
          params?: unknown;
          security?: unknown[];
          response?: Record<string, unknown>;
          hide?: boolean;
        }
      | undefined;
    if (!schema || schema.hide) return;
    const statuses = [400, 429];
    const methods = [route.method].flat();
    // Fastify reads a body sent with any of these, even where the route expects none.
    if (methods.some((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method))) statuses.push(413, 415);
    if (schema.body) statuses.push(422);
    if (schema.querystring) statuses.push(422);
    if (schema.params) statuses.push(404, 422);
    if (schema.security?.length) statuses.push(401);
    schema.response ??= {};
    for (const status of statuses) schema.response[status] ??= errorResponseSchema;
  });
}
