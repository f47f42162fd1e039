/**
 * The QR code's text on a Saudi simplified tax invoice (ZATCA, phase one): five TLV fields, each a
 * tag byte, a length byte and UTF-8 bytes, together in base64: the seller's name, their VAT number,
 * the time of issue (ISO 8601), the total with VAT, and the VAT.
 */
export function zatcaQrText(fields: { sellerName: string; vatNumber: string; issuedAt: string; total: string; vat: string }): string {
  const parts = [fields.sellerName, fields.vatNumber, fields.issuedAt, fields.total, fields.vat].map((value, index) => {
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length > 255) throw new Error('a ZATCA QR field is longer than 255 bytes');
    return Buffer.concat([Buffer.from([index + 1, bytes.length]), bytes]);
  });
  return Buffer.concat(parts).toString('base64');
}

/** The fields of a ZATCA QR text, tag by tag: what a reader's app shows when it scans the code. */
export function readZatcaQrText(text: string): Map<number, string> {
  const bytes = Buffer.from(text, 'base64');
  const fields = new Map<number, string>();
  for (let at = 0; at + 1 < bytes.length;) {
    const tag = bytes.readUInt8(at);
    const length = bytes.readUInt8(at + 1);
    fields.set(tag, bytes.subarray(at + 2, at + 2 + length).toString('utf8'));
    at += 2 + length;
  }
  return fields;
}
