import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    // 2 cores: keep the worker pool small so suites do not starve each other.
    maxWorkers: 2,
    testTimeout: 20_000,
    // One Firebase Auth emulator for the run: the server suites sign real users up through it.
    globalSetup: ['tests/global-setup.ts'],
  },
})
