import { apiDownload } from './api-client.ts';

/** Hands a file to the browser to save, as a link with `download` would. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the URL is let go once it has read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file the API sends (with the user's token, or the one given), saved under the name it was sent with. */
export async function downloadFile(path: string, fileName: string, options: { token?: string | null } = {}) {
  const { blob } = await apiDownload(path, options);
  saveFile(blob, fileName);
}
