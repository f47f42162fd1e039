import { mediaMessages } from '@mihna/shared';
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { processProfilePicture } from './image-processing.ts';

const toDataUrl = (bytes: Buffer, declaredType: string) => `data:${declaredType};base64,${bytes.toString('base64')}`;

const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

/** Stored 300×100, left half red and right half blue, tagged to be shown turned a quarter clockwise. */
async function createRotatedJpeg() {
  const redHalf = await solid(150, 100, '#ff0000').png().toBuffer();
  return solid(300, 100, '#0000ff')
    .composite([{ input: redHalf, left: 0, top: 0 }])
    .jpeg()
    .withExif({ IFD0: { Artist: 'Mariam Al Suwaidi', Copyright: 'private' } })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .toBuffer();
}

async function createAnimatedGif() {
  const frames = await Promise.all(['#ff0000', '#0000ff'].map((colour) => solid(64, 64, colour).png().toBuffer()));
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** A valid 1×1 PNG whose header is rewritten to claim a canvas of width × height. */
async function createPngClaiming(width: number, height: number) {
  const png = Buffer.from(await solid(1, 1, '#ffffff').png().toBuffer());
  const ihdrType = 12;
  png.writeUInt32BE(width, ihdrType + 4);
  png.writeUInt32BE(height, ihdrType + 8);
  png.writeUInt32BE(crc32(png.subarray(ihdrType, ihdrType + 17)), ihdrType + 17);
  return png;
}

async function pixelAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset], data[offset + 1], data[offset + 2]];
}

async function expectRefusal(imageData: string, message: string) {
  const refusal = processProfilePicture(imageData);
  await expect(refusal).rejects.toBeInstanceOf(AppError);
  await expect(refusal).rejects.toMatchObject({ code: 'validation_failed', detail: message });
}

async function expectSquareWebpWithoutMetadata(result: Awaited<ReturnType<typeof processProfilePicture>>) {
  expect(result).toMatchObject({ contentType: 'image/webp', width: 512, height: 512 });
  const metadata = await sharp(result.bytes).metadata();
  expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
  expect(metadata.exif).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
}

describe('processProfilePicture', () => {
  it('turns a PNG into a 512×512 WebP', async () => {
    const png = await solid(300, 200, '#2e7d32').png().toBuffer();
    await expectSquareWebpWithoutMetadata(await processProfilePicture(toDataUrl(png, 'image/png')));
  });

  it('turns a JPEG upright by its EXIF orientation and drops its EXIF and colour profile', async () => {
    const result = await processProfilePicture(toDataUrl(await createRotatedJpeg(), 'image/jpeg'));
    await expectSquareWebpWithoutMetadata(result);
    const [top, bottom] = await Promise.all([pixelAt(result.bytes, 256, 40), pixelAt(result.bytes, 256, 470)]);
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
  });

  it('accepts a WebP', async () => {
    const webp = await solid(600, 600, '#1565c0').webp().toBuffer();
    await expectSquareWebpWithoutMetadata(await processProfilePicture(toDataUrl(webp, 'image/webp')));
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const result = await processProfilePicture(toDataUrl(await createAnimatedGif(), 'image/gif'));
    await expectSquareWebpWithoutMetadata(result);
    expect((await sharp(result.bytes).metadata()).pages).toBeUndefined();
    const [red, green, blue] = await pixelAt(result.bytes, 256, 256);
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(60);
    expect(blue).toBeLessThan(60);
  });

  it('judges the bytes, not the declared type', async () => {
    const png = await solid(64, 64, '#ffffff').png().toBuffer();
    await expectSquareWebpWithoutMetadata(await processProfilePicture(toDataUrl(png, 'application/octet-stream')));
  });

  it.each(['image/svg+xml', 'image/png'])('refuses an SVG declared as %s', async (declaredType) => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await expectRefusal(toDataUrl(svg, declaredType), mediaMessages.notAnImage);
  });

  it.each([
    ['a text file', Buffer.from('just some notes, renamed to picture.png')],
    ['an HTML page', Buffer.from('<!doctype html><html><body>hello</body></html>')],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n')],
  ])('refuses %s declared as a PNG', async (_name, bytes) => {
    await expectRefusal(toDataUrl(bytes, 'image/png'), mediaMessages.notAnImage);
  });

  it('refuses a truncated PNG', async () => {
    const png = await solid(200, 200, '#ff9800').png({ compressionLevel: 0 }).toBuffer();
    await expectRefusal(toDataUrl(png.subarray(0, png.length / 2), 'image/png'), mediaMessages.notAnImage);
  });

  it('refuses an image of 2 MB or more with the size message', async () => {
    const noise = await sharp(randomBytes(1024 * 1024 * 3), { raw: { width: 1024, height: 1024, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    await expectRefusal(toDataUrl(noise, 'image/png'), mediaMessages.tooLarge);
  });

  it('refuses a small file that declares an enormous canvas', async () => {
    await expectRefusal(toDataUrl(await createPngClaiming(30_000, 30_000), 'image/png'), mediaMessages.tooManyPixels);
  });

  it('refuses a blank 6,300-pixel square of a few KB from its header, before decoding it', async () => {
    const png = await solid(6300, 6300, '#ffffff').png().toBuffer();
    expect(png.length).toBeLessThan(200 * 1024);
    const started = performance.now();
    await expectRefusal(toDataUrl(png, 'image/png'), mediaMessages.tooManyPixels);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('accepts a phone photo of 4032 × 3024', async () => {
    const jpeg = await solid(4032, 3024, '#795548').jpeg().toBuffer();
    await expectSquareWebpWithoutMetadata(await processProfilePicture(toDataUrl(jpeg, 'image/jpeg')));
  });

  it('decodes one picture at a time with at most 8 waiting, and answers the rest 503 at once', async () => {
    const png = toDataUrl(await solid(1200, 1200, '#3f51b5').png().toBuffer(), 'image/png');
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => processProfilePicture(png)));
    const refused = outcomes.flatMap((outcome): unknown[] => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(9);
    const busy: unknown = expect.objectContaining({ code: 'unavailable', detail: mediaMessages.busy, retryAfterSeconds: 5 });
    expect(refused).toEqual([busy, busy, busy]);
  });

  it.each([
    ['an empty string', ''],
    ['an empty data URL', 'data:image/png;base64,'],
    ['invalid base64', 'data:image/png;base64,@@@not-base64@@@'],
    ['a data URL that is not base64', 'data:image/png,%89PNG'],
    ['base64 without the data: prefix', 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='],
    ['a URL', 'https://example.com/picture.png'],
  ])('refuses %s', async (_name, imageData) => {
    await expectRefusal(imageData, mediaMessages.notAnImage);
  });
});
