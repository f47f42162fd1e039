import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyReply } from 'fastify';
import { documentFonts } from './fonts.ts';

/** The documents the platform issues, each a Typst template in apps/server/documents. */
export type DocumentTemplate = 'timesheet' | 'invoice' | 'receipt' | 'time-report';

/** What every document carries besides its own content: its language and the shared page texts. */
export interface DocumentBase {
  lang: 'en' | 'ar';
  title: string;
  brand: string;
  footer: string;
  page_label: string;
}

/** apps/server/documents, whether this file runs from src (tests, dev) or from the dist bundle. */
function findTemplatesFolder(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(directory, 'documents', 'layout.typ'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('The document templates (apps/server/documents) were not found.');
    directory = parent;
  }
  return path.join(directory, 'documents');
}

const RENDER_TIMEOUT_MS = 30_000;

type Pending = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };

/**
 * Lays documents out as PDF with Typst, which shapes Arabic and orders mixed-direction text by the
 * Unicode bidirectional algorithm, embeds the fonts, and writes a tagged PDF whose text can be
 * copied and searched (decision 33). One worker thread does it, started with the first document,
 * so that the server goes on answering while a long document is laid out; documents wait their turn.
 */
export function createPdfRenderer() {
  const folder = findTemplatesFolder();
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  let nextId = 1;

  function stopped(thread: Worker, error: Error) {
    if (worker !== thread) return;
    worker = undefined;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  }

  function start(): Worker {
    if (worker) return worker;
    const started = new Worker(path.join(folder, 'render-worker.mjs'), { workerData: { folder, fonts: documentFonts() } });
    started.on('message', (reply: { id: number; pdf?: Uint8Array; error?: string }) => {
      const request = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) started.unref();
      if (reply.pdf) request?.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      else request?.reject(new Error(reply.error ?? 'The document was not laid out'));
    });
    started.on('error', (error: Error) => stopped(started, error));
    started.on('exit', (code) => stopped(started, new Error(`The document worker stopped (exit code ${code})`)));
    worker = started;
    return started;
  }

  return {
    /** The document as PDF bytes. Its data is JSON the template reads; nothing in it is markup. */
    render(template: DocumentTemplate, data: DocumentBase & Record<string, unknown>): Promise<Buffer> {
      const thread = start();
      const id = nextId++;
      // Held open while a document is being laid out, let go when none is, so it never keeps the process alive.
      thread.ref();
      return new Promise<Buffer>((resolve, reject) => {
        // A document that takes far longer than any should (500 entries take under a second) stops the
        // worker, so that it cannot hold up every document after it; the next one starts a new worker.
        const timer = setTimeout(() => void thread.terminate(), RENDER_TIMEOUT_MS);
        timer.unref();
        const settle = () => clearTimeout(timer);
        pending.set(id, {
          resolve: (pdf) => {
            settle();
            resolve(pdf);
          },
          reject: (error) => {
            settle();
            reject(error);
          },
        });
        thread.postMessage({ id, template, data: JSON.stringify(data) });
      });
    },

    /** Stops the worker; documents still being laid out fail. */
    async close() {
      const running = worker;
      if (running) stopped(running, new Error('The server is closing'));
      await running?.terminate();
    },
  };
}

export type PdfRenderer = ReturnType<typeof createPdfRenderer>;

/** Sends a document as a PDF attachment under its name, kept out of shared caches. */
export const sendPdf = (reply: FastifyReply, document: { pdf: Buffer; filename: string }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${document.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(document.pdf);
