import sharp from 'sharp';
import { ATTACHMENT_MAX_BYTES, messagingMessages } from '@mihna/shared';
import { AppError } from '../../lib/app-error.ts';

/**
 * What a file sent in a conversation is, read from its bytes (never its name): images, PDFs, Office
 * and OpenDocument files, and plain text. Images are re-encoded, which drops their metadata (a
 * phone's photo carries where it was taken).
 */
type Kind = { contentType: string; image?: 'jpeg' | 'png' | 'gif' | 'webp' };

const starts = (bytes: Buffer, signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const legacyOffice: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const textTypes: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };

function extensionOf(fileName: string) {
  return /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
}

export function identify(bytes: Buffer, fileName: string): Kind | undefined {
  if (starts(bytes, ascii('%PDF-'))) return { contentType: 'application/pdf' };
  if (starts(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', image: 'jpeg' };
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', image: 'png' };
  if (starts(bytes, ascii('GIF87a')) || starts(bytes, ascii('GIF89a'))) return { contentType: 'image/gif', image: 'gif' };
  if (starts(bytes, ascii('RIFF')) && starts(bytes, ascii('WEBP'), 8)) return { contentType: 'image/webp', image: 'webp' };
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // Office Open XML and OpenDocument are ZIP files named by what they hold.
    const holds = (name: string) => bytes.includes(name, 0, 'latin1');
    if (starts(bytes, ascii('mimetypeapplication/vnd.oasis.opendocument.'), 30)) {
      const type = bytes.subarray(30 + 8, 30 + 8 + 60).toString('latin1');
      for (const kind of ['text', 'spreadsheet', 'presentation']) {
        if (type.startsWith(`application/vnd.oasis.opendocument.${kind}`))
          return { contentType: `application/vnd.oasis.opendocument.${kind}` };
      }
    }
    if (holds('[Content_Types].xml')) {
      if (holds('word/')) return { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
      if (holds('xl/')) return { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
      if (holds('ppt/')) return { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' };
    }
    return undefined;
  }
  // The old Office formats share one container; the name tells which it is.
  if (starts(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const type = legacyOffice[extensionOf(fileName)];
    return type ? { contentType: type } : undefined;
  }
  const textType = textTypes[extensionOf(fileName)];
  if (textType && !bytes.includes(0) && new TextDecoder('utf-8', { fatal: false }).decode(bytes).indexOf('\uFFFD') === -1) {
    return { contentType: `${textType}; charset=utf-8` };
  }
  return undefined;
}

/** A name safe to show and to send back in Content-Disposition: no folders, no control characters. */
export function cleanFileName(fileName: string) {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069"]/gu, '')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

export async function storeAttachment(fileName: string, bytes: Buffer) {
  if (bytes.length > ATTACHMENT_MAX_BYTES) throw new AppError('payload_too_large', messagingMessages.fileTooLarge);
  const kind = identify(bytes, fileName);
  if (!kind) throw new AppError('unsupported_media_type', messagingMessages.fileType);
  let stored = bytes;
  if (kind.image) {
    try {
      // rotate() applies the EXIF orientation before the metadata is dropped.
      const image = sharp(bytes, { animated: kind.image === 'gif' || kind.image === 'webp' }).rotate();
      stored = await (
        kind.image === 'jpeg'
          ? image.jpeg({ quality: 88, mozjpeg: true })
          : kind.image === 'png'
            ? image.png()
            : kind.image === 'gif'
              ? image.gif()
              : image.webp({ quality: 88 })
      ).toBuffer();
    } catch {
      throw new AppError('unsupported_media_type', messagingMessages.fileType);
    }
  }
  return { fileName: cleanFileName(fileName), contentType: kind.contentType, byteSize: stored.length, bytes: stored };
}

/**
 * The headers a sent file goes out with: its name in any script (RFC 5987), never sniffed or run.
 * An image may be shown in place; staff's audited downloads are never kept by the browser.
 */
export function attachmentHeaders(file: { fileName: string; contentType: string }, { isAudited }: { isAudited: boolean }) {
  const kind = file.contentType.startsWith('image/') && !isAudited ? 'inline' : 'attachment';
  const plainName = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'Content-Disposition': `${kind}; filename="${plainName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    'Cache-Control': isAudited ? 'private, no-store' : 'private, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': isAudited ? "default-src 'none'; sandbox" : "default-src 'none'; img-src 'self'; sandbox",
    'Content-Type': file.contentType,
  };
}
