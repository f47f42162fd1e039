import type { IpCountry } from '@mihna/shared';

const NOBODY_KNOWS: IpCountry = { country_name: null, country_code: null };
const TIMEOUT_MS = 3_000;

/** Addresses a public service cannot place: this machine, private networks, link-local. */
const isPrivateAddress = (ip: string) =>
  /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|::1$|fc|fd|fe80:|::ffff:(127|10|192\.168)\.)/i.test(ip);

/**
 * The visitor's country from the configured IP-geolocation service, asked with a 3 s limit; when
 * none is configured, the address is private, or the service fails, nobody knows, silently (§2).
 */
export function createIpCountry(serviceUrl: string | undefined, log: (message: string, error?: unknown) => void) {
  return async (ip: string): Promise<IpCountry> => {
    if (!serviceUrl || isPrivateAddress(ip)) return NOBODY_KNOWS;
    try {
      const response = await fetch(serviceUrl.replace('{ip}', encodeURIComponent(ip)), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`the IP-geolocation service answered ${response.status}`);
      const body = (await response.json()) as { country_name?: unknown; country_code?: unknown };
      const name = typeof body.country_name === 'string' && body.country_name.length <= 100 ? body.country_name : null;
      const code = typeof body.country_code === 'string' && /^[A-Z]{2}$/.test(body.country_code) ? body.country_code : null;
      return { country_name: name, country_code: code };
    } catch (error) {
      log('The IP-geolocation service did not answer', error);
      return NOBODY_KNOWS;
    }
  };
}
