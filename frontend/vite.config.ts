import { availableParallelism } from 'node:os';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Django serves dist/index.html for every non-/api path; in development the dev server
// forwards /api to it, keeping the Host header that selects the client.
const apiTarget = process.env.MAILCRAFT_API ?? 'http://demo.localhost:8000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-utils/setup.ts'],
    css: false,
    // jsdom renders of whole screens take a few seconds on a loaded 2-core CI machine (seen
    // at 5 s, vitest's default, while the browser suite ran beside it): a slow machine is
    // not a failing test. A test that hangs still fails, after 20 s.
    testTimeout: 20_000,
    // Every core: the default (cores - 1) runs one file at a time on a 2-core machine
    // (291 s -> 204 s for the suite there). Files stay isolated: without it, module state
    // leaks between files and a third of the tests fail.
    maxWorkers: availableParallelism(),
    // Each file in a VM context of a worker thread: still a fresh global scope per file, but
    // jsdom and Node's own modules are not set up again in a new process for each one
    // (2026-11-28, 2 shared cores, back to back: forks 154 s, environment ~94 s of worker
    // time; vmThreads 59 s, environment ~3 s; `threads` was slower than forks, 189 s).
    pool: 'vmThreads',
    // Each test file imports Mantine and the icon set afresh, module by module (thousands of
    // files for the icons alone): bundled once by esbuild they load as one module each
    // (6 screen test files on a loaded 2-core machine, same run: import 69 s -> 24 s).
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@tabler/icons-react',
            '@mantine/core',
            '@mantine/hooks',
            '@mantine/dates',
            '@mantine/charts',
            '@mantine/notifications',
            '@mantine/modals',
            '@mantine/form',
            '@mantine/dropzone',
            'react',
            'react-dom',
            'react-router-dom',
            '@tanstack/react-query',
            'dayjs',
          ],
        },
      },
    },
  },
});
