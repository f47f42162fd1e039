import { mediaMessages, MAX_IMAGE_SIDE } from '@mihna/shared';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { createWorkQueue } from '../../lib/work-queue.ts';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const PROFILE_PICTURE_SIZE = 512;

// One picture at a time, on one libvips thread, and a short line behind it: decoding shares the
// threads password hashing and the database need, and must never take them all. No libvips
// operation cache: every upload is a different image, and the cache would hold up to 50 MB.
sharp.concurrency(1);
sharp.cache(false);
const pictures = createWorkQueue({ concurrency: 1, maxWaiting: 8 });

type RasterFormat = 'jpeg' | 'png' | 'webp' | 'gif';

export interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}

const notAnImage = () => new AppError('validation_failed', mediaMessages.notAnImage);

/** Re-encodes an uploaded profile picture as a 512×512 WebP without the uploader's metadata. */
export async function processProfilePicture(imageData: string): Promise<ProcessedImage> {
  const bytes = decodeDataUrl(imageData);
  const format = sniffRasterFormat(bytes);
  if (!format) throw notAnImage();
  return pictures.run(() => reencodeAsSquareWebp(bytes, format));
}

/** The payload of `data:<type>;base64,<data>`; the declared type is ignored because the bytes decide. */
function decodeDataUrl(imageData: string): Buffer {
  const comma = imageData.indexOf(',');
  const header = comma === -1 ? '' : imageData.slice(0, comma);
  if (!/^data:[^,;]*(;[^,;]*)*;base64$/i.test(header)) throw notAnImage();

  const payload = imageData.slice(comma + 1);
  // Refused on length alone, so an oversized upload is never decoded.
  if (decodedLength(payload) >= MAX_IMAGE_BYTES) throw new AppError('validation_failed', mediaMessages.tooLarge);
  if (payload.length === 0 || payload.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) throw notAnImage();
  return Buffer.from(payload, 'base64');
}

function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

const startsWith = (bytes: Buffer, signature: string, offset = 0) =>
  bytes.subarray(offset, offset + signature.length).equals(Buffer.from(signature, 'latin1'));

/** The format the magic number names, or undefined for anything that is not one of the accepted rasters. */
function sniffRasterFormat(bytes: Buffer): RasterFormat | undefined {
  if (startsWith(bytes, '\xFF\xD8\xFF')) return 'jpeg';
  if (startsWith(bytes, '\x89PNG\r\n\x1A\n')) return 'png';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'webp';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'gif';
  return undefined;
}

async function reencodeAsSquareWebp(bytes: Buffer, format: RasterFormat): Promise<ProcessedImage> {
  // Only the first frame of an animation is read; metadata is dropped because sharp keeps none unless asked.
  try {
    // The header alone tells the size, before any pixel is decoded.
    const { format: decodedFormat, width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
    // Guards against a file whose magic number says one format while the decoder reads another.
    if (decodedFormat !== format) throw notAnImage();
    if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) throw new AppError('validation_failed', mediaMessages.tooManyPixels);
    const image = sharp(bytes, { autoOrient: true, limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, failOn: 'warning' });
    const { data, info } = await image
      .resize(PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAnImage();
  }
}
