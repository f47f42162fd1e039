import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { mediaPath } from './media.routes.ts';

async function createWebp() {
  return sharp({ create: { width: 512, height: 512, channels: 3, background: '#c62828' } })
    .webp({ quality: 82 })
    .toBuffer();
}

describe('GET /media/:file', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let storedId: string;
  let storedBytes: Buffer;

  beforeAll(async () => {
    app = await createTestApp();
    storedBytes = await createWebp();
    ({ id: storedId } = await app.services.media.insertMedia(
      {
        ownerUserId: null,
        contentType: 'image/webp',
        bytes: storedBytes,
        width: 512,
        height: 512,
      },
      app.services.database.db,
    ));
  });
  afterAll(() => app.close());

  it('answers the stored bytes as an immutable, unsniffable WebP', async () => {
    const response = await app.inject({ method: 'GET', url: mediaPath(storedId) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toEqual(expect.any(String));
    expect(response.rawPayload.equals(storedBytes)).toBe(true);
  });

  it('stores the bytes unchanged in the database', async () => {
    const found = await app.services.media.findMedia(storedId);
    expect(Buffer.isBuffer(found?.bytes)).toBe(true);
    expect(found?.bytes.equals(storedBytes)).toBe(true);
    expect(found?.byteSize).toBe(storedBytes.length);
  });

  it('answers 304 without a body when the ETag still matches', async () => {
    const first = await app.inject({ method: 'GET', url: mediaPath(storedId) });
    const etag = String(first.headers.etag);
    const revalidated = await app.inject({ method: 'GET', url: mediaPath(storedId), headers: { 'if-none-match': `"other", ${etag}` } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
  });

  it('answers the bytes again when the ETag does not match', async () => {
    const response = await app.inject({ method: 'GET', url: mediaPath(storedId), headers: { 'if-none-match': '"something-else"' } });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 once the file is deleted', async () => {
    const { id } = await app.services.media.insertMedia(
      {
        ownerUserId: null,
        contentType: 'image/webp',
        bytes: storedBytes,
        width: 512,
        height: 512,
      },
      app.services.database.db,
    );
    await app.services.media.deleteMedia(id, app.services.database.db);
    const response = await app.inject({ method: 'GET', url: mediaPath(id) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not Found', code: 'not_found' });
  });

  it.each([
    ['an unknown id', mediaPath('0b7c1f4e-9a63-4d2b-8f0e-3c5a7d9e1b24')],
    ['a name that is not a file', '/media/not-a-file'],
    ['a path that climbs out', '/media/../../etc/passwd'],
    ['an encoded path that climbs out', '/media/..%2F..%2Fetc%2Fpasswd'],
    ['another extension', '/media/STORED.png'],
    ['an id in capitals', '/media/STORED_UPPER.webp'],
  ])('answers 404 JSON for %s', async (_name, template) => {
    const url = template.replace('STORED_UPPER', storedId.toUpperCase()).replace('STORED', storedId);
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ detail: 'Not Found', code: 'not_found' });
  });
});
