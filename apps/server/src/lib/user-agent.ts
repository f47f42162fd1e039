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

/** The names bowser knows: anything else it returns is the start of the user agent itself, which its sender chose. */
const knownBrowsers = new Set(Object.values(Bowser.BROWSER_MAP));
const knownSystems = new Set(Object.values((Bowser as unknown as { OS_MAP: Record<string, string> }).OS_MAP));
const kinds = new Set<Device['kind']>(['desktop', 'mobile', 'tablet', 'tv']);

/**
 * Reads a user agent through `bowser` (a maintained parser). Only names from its lists are kept, so
 * a made-up user agent cannot write into an e-mail; an absent or unknown one is an unknown device.
 */
export function describeDevice(userAgent: string | null | undefined): Device {
  if (!userAgent) return { browser: null, system: null, kind: null, key: 'unknown' };
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = parsed.browser.name && knownBrowsers.has(parsed.browser.name) ? parsed.browser.name : null;
  const system = parsed.os.name && knownSystems.has(parsed.os.name) ? parsed.os.name : null;
  const kind = kinds.has(parsed.platform.type as Device['kind']) ? (parsed.platform.type as Device['kind']) : null;
  return { browser, system, kind, key: [browser ?? '?', system ?? '?', kind ?? '?'].join('|').toLowerCase() };
}
