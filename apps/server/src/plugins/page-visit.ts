import type { IncomingHttpHeaders } from 'node:http';
import { languageOf } from './first-load.ts';

/**
 * Where a request came from: the page's origin as the browser named it, and the language its reader
 * reads (a checkout's payer, a national-identity sign-in), to send them back there after a visit elsewhere.
 */
export interface PageVisit {
  /** As the request claims it: kept only when it is one of the site's own (config.siteOrigins). */
  origin: string | null;
  language: 'en' | 'ar';
}

const originOf = (address: string | undefined) => {
  if (!address) return null;
  try {
    const { origin } = new URL(address);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
};

/** The visit a request comes from: its Origin (browsers send it on every POST), else its Referer's. */
export const pageVisitOf = (headers: IncomingHttpHeaders): PageVisit => ({
  origin: originOf(headers.origin) ?? originOf(headers.referer),
  language: languageOf(headers),
});
