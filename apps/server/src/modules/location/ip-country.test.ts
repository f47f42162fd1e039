import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import type { App } from '../../app.ts';

// A local service answering as ipapi.co does: GET /{ip}/json/ → { country_name, country_code, … }.
let service: Server;
let serviceUrl: string;
const asked: string[] = [];
let failing = false;

beforeAll(async () => {
  service = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (failing) {
      response.writeHead(429, { 'content-type': 'application/json' }).end('{"error":true,"reason":"RateLimited"}');
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ ip: '203.0.113.7', country_name: 'United Arab Emirates', country_code: 'AE', city: 'Dubai' }));
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/{ip}/json/`;
});
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

const askFrom = (app: App, remoteAddress: string) => app.inject({ method: 'GET', url: '/api/location/ip', remoteAddress });

describe('GET /api/location/ip', () => {
  it('asks the configured service for the visitor’s country, by their address', async () => {
    const app = await createTestApp({ env: { IP_GEOLOCATION_URL: serviceUrl } });
    try {
      const response = await askFrom(app, '203.0.113.7');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ country_name: 'United Arab Emirates', country_code: 'AE' });
      expect(asked.at(-1)).toBe('/203.0.113.7/json/');

      // A failing service, or an address no public service can place, is nobody's country, silently.
      failing = true;
      expect((await askFrom(app, '203.0.113.8')).json()).toEqual({ country_name: null, country_code: null });
      failing = false;
      const before = asked.length;
      expect((await askFrom(app, '192.168.1.20')).json()).toEqual({ country_name: null, country_code: null });
      expect(asked).toHaveLength(before);
    } finally {
      await app.close();
    }
  });

  it('asks nobody when no service is configured, the default', async () => {
    const app = await createTestApp();
    try {
      const before = asked.length;
      expect((await askFrom(app, '203.0.113.7')).json()).toEqual({ country_name: null, country_code: null });
      expect(asked).toHaveLength(before);
    } finally {
      await app.close();
    }
  });
});
