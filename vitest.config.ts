import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['shared/**/*.test.ts', 'shared/**/*.test.tsx', 'server/**/*.test.ts', 'remotes/**/*.test.ts', 'remotes/**/*.test.tsx', 'shell/**/*.test.ts', 'shell/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20000,
    pool: 'threads',
  },
});
