import { defineConfig } from 'vitest/config'

/**
 * Two test projects. `unit` (protocol, domain, projections, streams, analysis) is pure: no database, no
 * Auth emulator, no browser; `npm run test:unit` runs it alone. `integration` is everything else, with one
 * Firebase Auth emulator for the run (the server suites sign real users up through it). `npm test` runs both.
 */
const UNIT = ['tests/protocol', 'tests/domain', 'tests/projections', 'tests/streams', 'tests/analysis']
const testFiles = (dir: string) => [`${dir}/**/*.test.ts`, `${dir}/**/*.test.tsx`]

export default defineConfig({
  test: {
    environment: 'node',
    // 2 cores: keep the worker pool small so suites do not starve each other.
    maxWorkers: 2,
    // A safety net, not a speed check: tests that start child processes (the CLIs, workers) can take
    // 20 s on a loaded 2-core machine.
    testTimeout: 60_000,
    // A suite's setup signs users up through the emulator and opens a database; under load that can pass 10 s.
    hookTimeout: 60_000,
    setupFiles: ['tests/setup-dom.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT.flatMap(testFiles) } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: testFiles('tests'),
          exclude: ['**/node_modules/**', ...UNIT.map((dir) => `${dir}/**`)],
          // One Firebase Auth emulator for the run: the server suites sign real users up through it.
          globalSetup: ['tests/global-setup.ts'],
        },
      },
    ],
  },
})
