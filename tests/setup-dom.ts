/**
 * Per-file setup. Component suites (a DOM environment) wait up to 5 s for what they look for: on a busy
 * 2-core CI machine a lazily loaded chart or a chained request can take longer than Testing Library's 1 s.
 * Node suites skip this and pay nothing.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react')
  configure({ asyncUtilTimeout: 5_000 })
}

export {}
