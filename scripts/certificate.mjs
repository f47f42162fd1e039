// A self-signed certificate for localhost, made with openssl: what the HTTPS and HTTP/2 test and the
// Lighthouse check serve the site with (TLS_CERT_FILE, TLS_KEY_FILE), as a deployment does.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Writes cert.pem and key.pem into `directory` and returns their paths. */
export function selfSignedCertificate(directory) {
  const cert = path.join(directory, 'cert.pem');
  const key = path.join(directory, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.error)
    throw new Error("openssl is missing: install Debian's openssl package (apt-get install openssl) to make a test certificate.");
  if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr}`);
  return { cert, key };
}
