import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type AnswerEncoding = 'br' | 'gzip' | 'identity';

const MINIMUM_BYTES = 1024;

/** The best encoding Accept-Encoding allows for a JSON answer: brotli, then gzip, else none (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): AnswerEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    if (token) accepted.set(token, q === undefined ? 1 : Number(q));
  }
  const allows = (encoding: string) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/**
 * A JSON answer that is sent many times (a cached search): compressed once per encoding, on the first
 * request that asks for it, instead of on every request.
 */
export class EncodedAnswer {
  private readonly encoded = new Map<Exclude<AnswerEncoding, 'identity'>, Buffer>();

  constructor(readonly json: string) {}

  /** The answer in the best encoding the client accepts; below 1 KB compression gains nothing, so none. */
  encode(acceptEncoding: string | string[] | undefined): { encoding: AnswerEncoding; body: string | Buffer } {
    const encoding = this.json.length < MINIMUM_BYTES ? 'identity' : pickEncoding(acceptEncoding);
    return { encoding, body: this.body(encoding) };
  }

  private body(encoding: AnswerEncoding): string | Buffer {
    if (encoding === 'identity') return this.json;
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.json, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: this.json.length },
            })
          : gzipSync(this.json, { level: 6 });
      this.encoded.set(encoding, body);
    }
    return body;
  }
}
