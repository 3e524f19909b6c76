import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    // 2 cores: keep the worker pool small so suites do not starve each other.
    maxWorkers: 2,
    testTimeout: 20_000,
  },
})
