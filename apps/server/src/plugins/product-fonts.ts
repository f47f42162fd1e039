import fs from 'node:fs';
import path from 'node:path';

/**
 * The @font-face rules of the web app's built stylesheet (Inter and IBM Plex Sans Arabic, with the
 * metric-matched fallback): a page the server writes itself, the test gateway's checkout, sets its
 * text in the product's fonts from the very files the app loads, which the browser then has cached
 * for both. Empty without the built app (the API alone, in tests): the page falls back to the system's.
 */
export function productFontFaces(webRoot: string | undefined): string {
  const indexPath = webRoot ? path.join(webRoot, 'index.html') : undefined;
  if (!webRoot || !indexPath || !fs.existsSync(indexPath)) return '';
  const stylesheets = [...fs.readFileSync(indexPath, 'utf8').matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g)];
  return stylesheets
    .map(([, file]) => path.join(webRoot, file ?? ''))
    .filter((file) => fs.existsSync(file))
    .flatMap((file) => fs.readFileSync(file, 'utf8').match(/@font-face\s*\{[^}]*\}/g) ?? [])
    .join('\n');
}
