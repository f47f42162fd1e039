import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, where the
    // suites wait on databases, child processes and timers as much as they compute. One per core.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // A worker keeps its modules between files instead of importing the server (PGlite's WebAssembly,
          // sharp, Fastify) afresh for each: the suite takes 40% less time. Safe because every test builds
          // its own app on its own database, and nothing in the suite mocks modules or changes the environment.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
