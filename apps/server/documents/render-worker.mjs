// Lays documents out as PDF off the server's main thread: a document of hundreds of rows takes Typst
// a few hundred milliseconds, which would otherwise hold up every other request for that long.
// Plain JavaScript, so that it runs as it is from the sources, the tests and the built server alike.
import { parentPort, workerData } from 'node:worker_threads';
import path from 'node:path';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';

/** @type {{ folder: string; fonts: Uint8Array[] }} */
const { folder, fonts } = workerData;
const compiler = NodeCompiler.create({ workspace: folder, fontArgs: [{ fontBlobs: fonts.map((font) => Buffer.from(font)) }] });

parentPort.on('message', (/** @type {{ id: number; template: string; data: string }} */ request) => {
  try {
    const compiled = compiler.compile({ mainFilePath: path.join(folder, `${request.template}.typ`), inputs: { data: request.data } });
    const document = compiled.result;
    if (!document) {
      const diagnostics = compiled.takeDiagnostics()?.shortDiagnostics ?? [];
      parentPort.postMessage({ id: request.id, error: `The ${request.template} document did not compile: ${JSON.stringify(diagnostics)}` });
      return;
    }
    const pdf = compiler.pdf(document);
    // Copied, not transferred: the compiler's buffer is external memory, which Node.js 24 refuses to transfer.
    parentPort.postMessage({ id: request.id, pdf });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: String(error) });
  } finally {
    // Typst memoises layout across documents; what the last few documents did not use is let go,
    // so the worker's memory stays level however many documents it lays out.
    compiler.evictCache(4);
  }
});
