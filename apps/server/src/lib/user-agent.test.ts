import { describe, expect, it } from 'vitest';
import { describeDevice } from './user-agent.ts';

describe('describeDevice', () => {
  it('names the browser, system and kind, and keeps one key across a browser’s updates', () => {
    const chrome = (version: string) =>
      `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;
    expect(describeDevice(chrome('131.0.0.0'))).toEqual({
      browser: 'Chrome',
      system: 'Windows',
      kind: 'desktop',
      key: 'chrome|windows|desktop',
    });
    expect(describeDevice(chrome('132.0.0.0')).key).toBe(describeDevice(chrome('131.0.0.0')).key);
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    expect(describeDevice(iphone)).toMatchObject({ browser: 'Safari', system: 'iOS', kind: 'mobile' });
    expect(describeDevice(iphone).key).not.toBe(describeDevice(chrome('131.0.0.0')).key);
  });

  it('calls an absent or unreadable user agent an unknown device', () => {
    expect(describeDevice(undefined)).toEqual({ browser: null, system: null, kind: null, key: 'unknown' });
    expect(describeDevice('curl/8.5.0').browser).toBeNull();
  });

  it('keeps no name a sender made up, and no kind outside the four (a crawler is none)', () => {
    expect(describeDevice('Mihna Security: this was our routine check, no action needed/1 (x)')).toMatchObject({
      browser: null,
      system: null,
    });
    expect(describeDevice('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)').kind).toBeNull();
  });
});
