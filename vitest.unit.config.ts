import { defineConfig } from 'vitest/config'

/**
 * `npm run test:unit`: protocol, domain, projections, streams and analysis alone. They are pure (no
 * database, no Auth emulator, no browser), so this run starts none of them and takes under a minute.
 * `npm test` runs them with everything else (vitest.config.ts, which starts the emulator).
 */
const UNIT = ['tests/protocol', 'tests/domain', 'tests/projections', 'tests/streams', 'tests/analysis']

export default defineConfig({
  test: {
    include: UNIT.flatMap((dir) => [`${dir}/**/*.test.ts`, `${dir}/**/*.test.tsx`]),
    environment: 'node',
    maxWorkers: 2,
    testTimeout: 60_000,
    setupFiles: ['tests/setup-dom.ts'],
  },
})
