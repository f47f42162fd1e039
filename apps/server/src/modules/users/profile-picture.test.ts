import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import type { App } from '../../app.ts';

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('profile picture', () => {
  let app: App;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp();
    ({ token } = await createUser(app));
  });
  afterAll(() => app.close());

  const upload = (image_data: string, authToken = token) =>
    app.inject({ method: 'POST', url: '/api/profile/picture/upload', headers: bearer(authToken), payload: { image_data } });

  it('stores a PNG and a JPEG as a square WebP served from /media, replacing the previous one', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3B82F6' } })
      .png()
      .toBuffer();
    const first = await upload(dataUrl('image/png', png));
    expect(first.statusCode).toBe(200);
    const firstPath: string = first.json().profile_picture;
    expect(firstPath).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);

    const jpeg = await sharp({ create: { width: 400, height: 800, channels: 3, background: '#10B981' } })
      .jpeg()
      .toBuffer();
    const second = await upload(dataUrl('image/jpeg', jpeg));
    const secondPath: string = second.json().profile_picture;
    const served = await app.inject({ method: 'GET', url: secondPath });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect((await app.inject({ method: 'GET', url: firstPath })).statusCode).toBe(404);
  });

  it.each([
    ['a text file renamed .png', () => dataUrl('image/png', Buffer.from('this is not an image at all'))],
    ['an SVG', () => dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))],
  ])('refuses %s with the specification message', async (_case, make) => {
    const response = await upload(make());
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('Please select an image file');
  });

  it('refuses an image over 2 MB with the specification message', async () => {
    const noise = await sharp(randomBytes(1000 * 900 * 3), { raw: { width: 1000, height: 900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await upload(dataUrl('image/png', noise));
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('Image size must be less than 2MB');
  });

  it('lets one account upload 20 pictures an hour, then says when to try again', async () => {
    const { token: own } = await createUser(app);
    const { token: other } = await createUser(app);
    const tiny = dataUrl(
      'image/png',
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    for (let attempt = 0; attempt < 20; attempt += 1) expect((await upload(tiny, own)).statusCode).toBe(200);
    const refused = await upload(tiny, own);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: 'Too many picture uploads. Please try again in an hour.', code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not held back.
    expect((await upload(tiny, other)).statusCode).toBe(200);
  });

  it('deletes the picture, and refuses both calls without a login', async () => {
    const removed = await app.inject({ method: 'DELETE', url: '/api/profile/picture', headers: bearer(token) });
    expect(removed.json().profile_picture).toBeNull();
    expect((await app.inject({ method: 'DELETE', url: '/api/profile/picture' })).statusCode).toBe(401);
    expect((await upload('data:image/png;base64,AAAA', 'not-a-token')).statusCode).toBe(401);
  });
});
