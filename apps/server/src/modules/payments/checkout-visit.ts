import type { IncomingHttpHeaders } from 'node:http';
import { languageOf } from '../../plugins/first-load.ts';

/** Where a payer opened a checkout from: the page's origin as their browser named it, and the language they read. */
export interface CheckoutVisit {
  /** As the request claims it: the checkout service keeps it only when it is one of the site's own. */
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

/** The visit a request to open a checkout comes from: its Origin (browsers send it on every POST), else its Referer's. */
export const checkoutVisitOf = (headers: IncomingHttpHeaders): CheckoutVisit => ({
  origin: originOf(headers.origin) ?? originOf(headers.referer),
  language: languageOf(headers),
});
