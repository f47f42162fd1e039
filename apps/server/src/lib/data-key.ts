import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * What the server keeps secret at rest but must read back (an authenticator app's shared secret), and
 * what it must recognise without keeping (a national ID number), under one key, DATA_KEY (config.ts):
 * `seal` encrypts with AES-256-GCM, bound to what the value is for (`purpose`, as additional data, so
 * that a value sealed for one use cannot be opened as another), and `keyedHash` is an HMAC-SHA-256
 * under a key derived for the purpose (HKDF), so that the database alone gives neither back. A secret
 * that is only checked, never read (passwords, codes, tokens), is hashed instead (secrets.ts).
 * Decision 55.
 */

const version = 'v1';

export interface DataKey {
  /** The value encrypted, as text: `v1.<nonce>.<ciphertext and tag>` (base64url). */
  seal(plaintext: string, purpose: string): string;
  /** The value `seal` gave for the same purpose; throws if it was altered, sealed for another purpose or under another key. */
  open(sealed: string, purpose: string): string;
  /** A keyed hash of the value (hex): the same value gives the same hash, and the hash gives nothing back. */
  keyedHash(value: string, purpose: string): string;
}

/** `key`: 32 bytes. */
export function createDataKey(key: Buffer): DataKey {
  if (key.length !== 32) throw new Error('DATA_KEY: 32 bytes are needed');
  const derive = (use: string, purpose: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `mihna ${use} ${purpose}`, 32));
  const encryptionKey = derive('seal', 'all');

  return {
    seal(plaintext, purpose) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, nonce);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${version}.${nonce.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, purpose) {
      const [tag, nonceText, bodyText] = sealed.split('.');
      if (tag !== version || !nonceText || !bodyText) throw new Error('data key: not a sealed value');
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(nonceText, 'base64url'));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
    },
    keyedHash(value, purpose) {
      return createHmac('sha256', derive('hash', purpose)).update(value).digest('hex');
    },
  };
}
