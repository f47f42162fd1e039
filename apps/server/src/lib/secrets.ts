import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: 19 MiB of memory, 2 passes, 1 lane.
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashSecret = (secret: string) => hash(secret, argon2Options);

export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(storedHash, secret, argon2Options);
  } catch {
    return false;
  }
}

// Checked against when there is no account, so an unknown e-mail costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(secret: string) {
  decoyHash ??= hashSecret(randomBytes(16).toString('hex'));
  await verifySecret(await decoyHash, secret);
  return false;
}

/** A session or captcha token: 256 random bits; only its SHA-256 is stored. */
export const generateToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A 6-digit one-time code, uniformly random. */
export const generateCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
