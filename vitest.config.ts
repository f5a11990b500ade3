import { defineConfig } from 'vitest/config';

// Two projects: pure logic in Node (milliseconds, no bindings), and the API Worker inside workerd.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['core/**/*.test.ts', 'app/**/*.test.ts', 'scripts/**/*.test.ts', 'local-ai/**/*.test.ts', 'local-images/**/*.test.ts', 'local-render/**/*.test.ts'],
        },
      },
      './workers/api/vitest.config.ts',
    ],
  },
});
