/**
 * Reading the platform's PDFs back in tests: their text in logical order, and a page as a picture.
 *
 * Common extractors (poppler's pdftotext, pdf.js's text layer) turn right-to-left text around one
 * character at a time, which breaks every ligature whose text maps to several characters: 'لأ' comes
 * out 'أل', 'نوفمبر' as 'نوفمرب' (decision 33). The PDF itself is right: ISO 32000 marks such runs
 * /ReversedChars, each glyph's text stays in logical order, and conforming readers (PDFBox since
 * PDFBOX-4531) turn the glyphs around, not the characters. This reader does that, on pdf.js's
 * operator list, then orders a line's runs for its paragraph direction.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';

// pdf.js uses two ES2024 features that Node 20 lacks; Node 22 and later have both.
type ResolverPolyfill = <T>() => { promise: Promise<T>; resolve: (value: T) => void; reject: (reason: unknown) => void };
(Promise as unknown as { withResolvers?: ResolverPolyfill }).withResolvers ??= <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((fulfil, fail) => {
    resolve = fulfil;
    reject = fail;
  });
  return { promise, resolve, reject };
};
(ArrayBuffer.prototype as unknown as { transferToFixedLength?: (length?: number) => ArrayBuffer }).transferToFixedLength ??= function (
  this: ArrayBuffer,
  length = this.byteLength,
) {
  const copy = new ArrayBuffer(length);
  new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
  return copy;
};

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const asMatrix = (value: ArrayLike<number>): Matrix => {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = Array.from(value);
  return [a, b, c, d, e, f];
};

interface Run {
  page: number;
  x: number;
  y: number;
  end: number;
  text: string;
  reversed: boolean;
}

export const openPdf = (pdf: Uint8Array): Promise<PDFDocumentProxy> =>
  pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;

/** Every text run of every page, where it starts and ends, its glyphs' text in logical order. */
async function runsOf(document: PDFDocumentProxy): Promise<Run[]> {
  const runs: Run[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const { fnArray, argsArray } = await page.getOperatorList();
    const stack: Matrix[] = [];
    let ctm = IDENTITY;
    let textMatrix = IDENTITY;
    let fontSize = 0;
    const marks: string[] = [];
    fnArray.forEach((operator, index) => {
      const args = argsArray[index] as unknown[];
      switch (operator) {
        case pdfjs.OPS.save:
          stack.push(ctm);
          break;
        case pdfjs.OPS.restore:
          ctm = stack.pop() ?? IDENTITY;
          break;
        case pdfjs.OPS.transform:
          ctm = multiply(asMatrix(args as number[]), ctm);
          break;
        case pdfjs.OPS.beginText:
          textMatrix = IDENTITY;
          break;
        case pdfjs.OPS.setTextMatrix:
          textMatrix = asMatrix(args[0] as ArrayLike<number>);
          break;
        case pdfjs.OPS.setFont:
          fontSize = args[1] as number;
          break;
        case pdfjs.OPS.beginMarkedContent:
        case pdfjs.OPS.beginMarkedContentProps: {
          const tag = args[0] as string | { name: string };
          marks.push(typeof tag === 'string' ? tag : tag.name);
          break;
        }
        case pdfjs.OPS.endMarkedContent:
          marks.pop();
          break;
        case pdfjs.OPS.showText: {
          const glyphs = args[0] as (number | { unicode: string; width: number })[];
          const texts: string[] = [];
          let advance = 0;
          for (const glyph of glyphs) {
            if (typeof glyph === 'number') advance -= (glyph / 1000) * fontSize;
            else {
              texts.push(glyph.unicode);
              advance += (glyph.width / 1000) * fontSize;
            }
          }
          const at = multiply(textMatrix, ctm);
          const reversed = marks.includes('ReversedChars');
          runs.push({
            page: number,
            x: at[4],
            y: at[5],
            end: at[4] + advance * at[0],
            text: (reversed ? texts.reverse() : texts).join(''),
            reversed,
          });
          break;
        }
        default:
          break;
      }
    });
  }
  return runs;
}

/**
 * Every run of text the document draws, page by page: where it starts and ends on its line (PDF
 * points, from the page's left edge) and its text in logical order. Tests read a layout with it:
 * two runs on one line whose extents cross are drawn over each other.
 */
export async function pdfTextRuns(pdf: Uint8Array): Promise<{ page: number; x: number; end: number; y: number; text: string }[]> {
  return (await runsOf(await openPdf(pdf))).map(({ page, x, end, y, text }) => ({ page, x, end, y, text }));
}

type Kind = 'rtl' | 'ltr' | 'neutral';
const kindOf = (run: Run): Kind => (run.reversed ? 'rtl' : /\p{L}/u.test(run.text) ? 'ltr' : 'neutral');

/**
 * Visually ordered runs in reading order for a paragraph direction: the line turned around for
 * right-to-left, then each stretch of the other direction (with the numbers and signs inside it)
 * turned back, as the bidirectional algorithm laid it out.
 */
function readingOrder(visual: Run[], direction: 'ltr' | 'rtl'): Run[] {
  const other: Kind = direction === 'rtl' ? 'ltr' : 'rtl';
  const order = direction === 'rtl' ? [...visual].reverse() : [...visual];
  const kinds = order.map(kindOf);
  const result: Run[] = [];
  let index = 0;
  while (index < order.length) {
    if (kinds[index] !== other) {
      result.push(...order.slice(index, index + 1));
      index += 1;
      continue;
    }
    let last = index;
    for (let next = index + 1; next < order.length && kinds[next] !== direction; next += 1) if (kinds[next] === other) last = next;
    result.push(...order.slice(index, last + 1).reverse());
    index = last + 1;
  }
  return result;
}

const gapBetween = (a: Run, b: Run) => Math.max(0, b.x >= a.x ? b.x - a.end : a.x - b.end);

function joined(runs: Run[]): string {
  let text = '';
  let previous: Run | undefined;
  for (const run of runs) {
    if (previous && gapBetween(previous, run) > 0.8 && !text.endsWith(' ') && !run.text.startsWith(' ')) text += ' ';
    text += run.text;
    previous = run;
  }
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The document's lines, top to bottom, in reading order for its paragraph direction. A wide gap
 * on a line (table columns, a label and its value) separates cells, read in the direction's order
 * and joined by ' | '; each cell is its own paragraph.
 */
export async function pdfLines(pdf: Uint8Array, direction: 'ltr' | 'rtl'): Promise<string[]> {
  const runs = await runsOf(await openPdf(pdf));
  const lines = new Map<string, { page: number; y: number; runs: Run[] }>();
  for (const run of runs) {
    const key = `${run.page}:${Math.round(run.y)}`;
    const line = lines.get(key) ?? { page: run.page, y: Math.round(run.y), runs: [] };
    line.runs.push(run);
    lines.set(key, line);
  }
  const ordered = [...lines.values()].sort((a, b) => a.page - b.page || b.y - a.y);
  return ordered.map((line) => {
    const visual = [...line.runs].sort((a, b) => a.x - b.x);
    const cells: Run[][] = [];
    let previous: Run | undefined;
    for (const run of visual) {
      const cell = cells.at(-1);
      if (!cell || !previous || run.x - previous.end > 6) cells.push([run]);
      else cell.push(run);
      previous = run;
    }
    if (direction === 'rtl') cells.reverse();
    return cells.map((cell) => joined(readingOrder(cell, direction))).join(' | ');
  });
}

/** A page as a PNG, drawn by pdf.js, for a test to check and a person to look at. */
export async function pdfPagePng(
  pdf: Uint8Array,
  pageNumber = 1,
  scale = 1.5,
): Promise<{ png: Buffer; width: number; height: number; rgba: Uint8ClampedArray }> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const document = await openPdf(pdf);
  const page = await document.getPage(pageNumber);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js draws on @napi-rs/canvas in Node; its types name the browser's canvas.
  const target = { canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0];
  await page.render(target).promise;
  const rgba = context.getImageData(0, 0, canvas.width, canvas.height).data;
  return { png: canvas.toBuffer('image/png'), width: canvas.width, height: canvas.height, rgba };
}
