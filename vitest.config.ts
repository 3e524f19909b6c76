import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    // 2 cores: keep the worker pool small so suites do not starve each other.
    maxWorkers: 2,
    // A safety net, not a speed check: tests that start child processes (the CLIs, workers) can take
    // 20 s on a loaded 2-core machine.
    testTimeout: 60_000,
    // A suite's setup signs users up through the emulator and opens a database; under load that can pass 10 s.
    hookTimeout: 60_000,
    setupFiles: ['tests/setup-dom.ts'],
    // One Firebase Auth emulator for the run: the server suites sign real users up through it.
    globalSetup: ['tests/global-setup.ts'],
  },
})
