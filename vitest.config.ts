import { defineConfig } from 'vitest/config';

// Two projects: pure logic in Node (milliseconds, no bindings), and the API Worker inside workerd. The Node project runs
// its files one at a time (some start wrangler or servers on shared local state); the Worker project, whose every file
// has its own workerd and storage, runs two at a time after it (sequence.groupOrder), since each file mostly waits on
// workerd's start (ADR 0166).
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
        test: {
          name: 'unit',
          environment: 'node',
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
          include: ['core/**/*.test.ts', 'app/**/*.test.ts', 'scripts/**/*.test.ts', 'local-ai/**/*.test.ts', 'local-images/**/*.test.ts', 'local-render/**/*.test.ts'],
        },
      },
      './workers/api/vitest.config.ts',
    ],
  },
});
