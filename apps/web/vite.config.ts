import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstLoad } from './first-load.ts';
import { precompress } from './precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), firstLoad(), precompress()],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 300,
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Modules kept between files, as in the API suite (vitest.config.ts): 37 s to 10 s with the unit
    // project; every test renders its own tree with its own query client, and passes in any order.
    isolate: false,
  },
});
