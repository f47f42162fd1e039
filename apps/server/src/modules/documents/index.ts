// The documents module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { directionOf, documentFormat, typed } from './document-format.ts';
export { type DocumentLanguage, documentTexts, fill } from './document-texts.ts';
export { createPdfRenderer, type DocumentBase, type PdfRenderer, sendPdf } from './pdf-renderer.ts';
