import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { productFontFaces } from './product-fonts.ts';
import type { App } from '../app.ts';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** The pictures an ICO file holds: each entry's stated size and its PNG's own. */
async function iconPictures(ico: Buffer) {
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  return Promise.all(
    Array.from({ length: ico.readUInt16LE(4) }, async (_, index) => {
      const entry = 6 + 16 * index;
      const picture = ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8));
      const { format, width, height } = await sharp(picture).metadata();
      return { stated: ico.readUInt8(entry), format, width, height };
    }),
  );
}

describe('GET /favicon.ico', () => {
  it('answers the brand’s icon at 16, 32 and 48 pixels, for the whole site', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(await iconPictures(response.rawPayload)).toEqual([
      { stated: 16, format: 'png', width: 16, height: 16 },
      { stated: 32, format: 'png', width: 32, height: 32 },
      { stated: 48, format: 'png', width: 48, height: 48 },
    ]);
    // The brand's blue, as favicon.svg draws it.
    const { data } = await sharp(response.rawPayload.subarray(response.rawPayload.readUInt32LE(6 + 12)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(8 * 16 * 4 + 2 * 4, 8 * 16 * 4 + 2 * 4 + 3)]).toEqual([0x3b, 0x82, 0xf6]);
    const again = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });
});

describe('productFontFaces', () => {
  it('takes the @font-face rules of the built app’s stylesheet, and nothing without a built app', () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-fonts-'));
    try {
      fs.mkdirSync(path.join(webRoot, 'assets'));
      fs.writeFileSync(
        path.join(webRoot, 'index.html'),
        '<html><head><link rel="stylesheet" crossorigin href="/assets/index-Ab12.css"></head></html>',
      );
      fs.writeFileSync(
        path.join(webRoot, 'assets', 'index-Ab12.css'),
        '.a{color:red}@font-face{font-family:Inter Variable;src:url(/assets/inter-latin-wght-normal-X1.woff2)format("woff2-variations")}' +
          'body{margin:0}@font-face{font-family:IBM Plex Sans Arabic;font-weight:400;src:url(/assets/plex-ar-400-Y2.woff2)format("woff2")}',
      );
      expect(productFontFaces(webRoot).split('\n')).toEqual([
        '@font-face{font-family:Inter Variable;src:url(/assets/inter-latin-wght-normal-X1.woff2)format("woff2-variations")}',
        '@font-face{font-family:IBM Plex Sans Arabic;font-weight:400;src:url(/assets/plex-ar-400-Y2.woff2)format("woff2")}',
      ]);
      expect(productFontFaces(undefined)).toBe('');
      expect(productFontFaces(path.join(webRoot, 'missing'))).toBe('');
    } finally {
      fs.rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
