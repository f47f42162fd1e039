import type { FastifyRequest } from 'fastify';

// What routes read from a request for the services, which never see the request itself.

/** The bearer token of the Authorization header, if there is one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** Where a login or registration comes from, kept with its session. */
export interface ClientInfo {
  ipAddress: string;
  userAgent: string | undefined;
}

/** Where a login or registration comes from, read off its request. */
export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500),
});
