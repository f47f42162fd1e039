import Bowser from 'bowser';

/** What a person recognises of a device from its user agent: the browser, the system and the kind. */
export interface Device {
  /** "Chrome", "Safari", … or null when the user agent does not say. */
  browser: string | null;
  /** "Windows", "iOS", "Android", … */
  system: string | null;
  kind: 'desktop' | 'mobile' | 'tablet' | 'tv' | null;
  /** The same for every session of one browser on one system, across its updates: what "seen before" compares. */
  key: string;
}

/** Reads a user agent through `bowser` (a maintained parser); an absent or unknown one is an unknown device. */
export function describeDevice(userAgent: string | null | undefined): Device {
  if (!userAgent) return { browser: null, system: null, kind: null, key: 'unknown' };
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = parsed.browser.name || null;
  const system = parsed.os.name || null;
  const kind = (parsed.platform.type as Device['kind'] | undefined) ?? null;
  return { browser, system, kind, key: [browser ?? '?', system ?? '?', kind ?? '?'].join('|').toLowerCase() };
}
