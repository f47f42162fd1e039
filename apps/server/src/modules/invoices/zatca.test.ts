import { describe, expect, it } from 'vitest';
import { readZatcaQrText, zatcaQrText } from './zatca.ts';

describe('the ZATCA QR text', () => {
  it('carries the five fields in TLV and base64, Arabic names included', () => {
    const text = zatcaQrText({
      sellerName: 'مهنة لخدمات السوق',
      vatNumber: '310122393500003',
      issuedAt: '2026-11-26T08:00:00Z',
      total: '115.00',
      vat: '15.00',
    });
    expect(text).toMatch(/^[A-Za-z0-9+/]+=*$/);
    // The length byte counts the name's UTF-8 bytes (two for each Arabic letter), not its letters.
    expect(Buffer.from(text, 'base64').subarray(0, 2)).toEqual(Buffer.from([1, Buffer.byteLength('مهنة لخدمات السوق')]));
    expect(Buffer.byteLength('مهنة لخدمات السوق')).toBeGreaterThan('مهنة لخدمات السوق'.length);
    expect([...readZatcaQrText(text)]).toEqual([
      [1, 'مهنة لخدمات السوق'],
      [2, '310122393500003'],
      [3, '2026-11-26T08:00:00Z'],
      [4, '115.00'],
      [5, '15.00'],
    ]);
  });

  it('refuses a field too long for its one length byte', () => {
    expect(() => zatcaQrText({ sellerName: 'x'.repeat(256), vatNumber: '1', issuedAt: '2', total: '3', vat: '4' })).toThrow();
  });
});
