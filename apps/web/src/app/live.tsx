import { useEffect } from 'react';

/**
 * Renders nothing; once the page the server drew is hydrated, makes it usable (the server sends it
 * inert, plugins/first-load.ts). In the build's prerender too, so both trees, and the ids React
 * derives from them, are the same.
 */
export function Live() {
  useEffect(() => document.getElementById('root')?.removeAttribute('inert'), []);
  return null;
}
