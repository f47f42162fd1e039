import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorResponseSchema, errorStatus, type ErrorCode, type ErrorResponse, type ValidationIssue } from '@mihna/shared';
import { AppError } from '../lib/app-error.ts';

const fastifyCodes: Partial<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
  FST_ERR_VALIDATION: 'validation_failed',
};

const codeByStatus = new Map<number, ErrorCode>(Object.entries(errorStatus).map(([code, status]) => [status, code as ErrorCode]));

/** Errors Fastify raises before routing (a badly encoded URL, say), in the same shape. */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void send(reply, codeByStatus.get(status) ?? 'bad_request', error.message);
}

const clientErrors: Record<string, { code: ErrorCode; detail: string }> = {
  HPE_HEADER_OVERFLOW: { code: 'headers_too_large', detail: 'The address or the headers of the request are too long.' },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', detail: 'The request took too long to arrive.' },
};
const unreadable = { code: 'bad_request', detail: 'The request could not be read.' } as const;

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

function send(reply: FastifyReply, code: ErrorCode, detail: ErrorResponse['detail']) {
  return reply.status(errorStatus[code]).send({ detail, code } satisfies ErrorResponse);
}

// PostgreSQL refuses text containing NUL or half a surrogate pair, so such text is turned away
// before it reaches a query.
const isStorableText = (text: string) => !text.includes('\u0000') && !/\p{Surrogate}/u.test(text);
const hasUnstorableText = (value: unknown): boolean => {
  if (typeof value === 'string') return !isStorableText(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, item]) => !isStorableText(key) || hasUnstorableText(item));
  }
  return false;
};

// A unique index refused a row that a concurrent request inserted first.
const isUniqueViolation = (error: unknown): boolean => {
  const candidate = error as { code?: unknown; cause?: unknown } | null;
  return candidate?.code === '23505' || (candidate?.cause !== undefined && isUniqueViolation(candidate.cause));
};

/** Errors leave the server in one shape, and a client mistake is never answered with a 5xx. */
export function registerErrorHandling(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasUnstorableText(request.body) || hasUnstorableText(request.query) || hasUnstorableText(request.params)) {
      throw new AppError('bad_request', 'The request contains characters that are not allowed.');
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(error.retryAfterSeconds));
      return send(reply, error.code, error.detail);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ValidationIssue[] = error.validation.map((item) => {
        const where = error.validationContext ?? 'body';
        const path = item.instancePath.split('/').filter(Boolean);
        return {
          loc: [where, ...path.map((part) => (/^\d+$/.test(part) ? Number(part) : part))],
          msg: item.message ?? 'Invalid value',
          type: item.keyword,
        };
      });
      return send(reply, 'validation_failed', issues);
    }

    if (isUniqueViolation(error)) return send(reply, 'conflict', 'This was just registered by another request. Please try again.');

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return send(reply, 'internal', 'Internal Server Error');
    }

    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) return send(reply, mapped, error.message);

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, codeByStatus.get(status) ?? 'bad_request', error.message);
    }

    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'internal', 'Internal Server Error');
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
