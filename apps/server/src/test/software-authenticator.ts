import { isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for the API tests: it answers navigator.credentials.create()
 * and .get() options as a real one does (a P-256 key per credential, "none" attestation, CBOR
 * authenticator data, a signature counter, user presence and verification flags), so that the
 * server's @simplewebauthn checks run on real bytes. The browser journeys use Chromium's virtual
 * authenticator instead.
 */

interface Credential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  excludeCredentials?: { id: string }[];
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export function createSoftwareAuthenticator({ origin, userVerified = true }: { origin: string; userVerified?: boolean }) {
  const credentials: Credential[] = [];
  const flags = (base: number) => base | UP | (userVerified ? UV : 0);
  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, at = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));

  return {
    credentials,

    /** The answer to registration options: a new credential, as @simplewebauthn/browser's startRegistration() sends it. */
    create(options: CreationOptions, at = origin) {
      const rpId = options.rp.id ?? new URL(at).hostname;
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const id = randomBytes(16);
      const counter = Buffer.alloc(4);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([flags(AT)]), counter, Buffer.alloc(16), idLength, id, Buffer.from(cose)]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData],
        ]),
      );
      credentials.push({ id, rpId, userHandle: options.user.id, privateKey, counter: 0 });
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, at)),
          attestationObject: b64url(attestationObject),
          transports: ['internal' as const],
        },
      };
    },

    /**
     * The answer to authentication options: the allowed credential (or, with none listed, the first for
     * the relying party, as a discoverable one), its counter moved on, signed over the challenge.
     */
    get(options: RequestOptions, { at = origin, credential }: { at?: string; credential?: Credential } = {}) {
      const rpId = options.rpId ?? new URL(at).hostname;
      const allowed = options.allowCredentials?.map((each) => each.id) ?? [];
      const chosen =
        credential ?? credentials.find((each) => each.rpId === rpId && (allowed.length === 0 || allowed.includes(b64url(each.id))));
      if (!chosen) throw new Error('the software authenticator has no credential for these options');
      chosen.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(chosen.counter);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([flags(0)]), counter]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, at);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), chosen.privateKey);
      return {
        id: b64url(chosen.id),
        rawId: b64url(chosen.id),
        type: 'public-key' as const,
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: chosen.userHandle,
        },
      };
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;
