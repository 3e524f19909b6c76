/**
 * The configured analyser, loaded when first needed. The local analyser's language libraries (compromise,
 * chrono, franc, sentiment, lexicons) take seconds to load on these machines; a server start need not wait
 * for them before it answers. `warm()` loads them ahead of the first document (main.ts calls it once the
 * server listens); `analyse` waits for the load when it comes first. This file imports no analyser code.
 */
import type { AnalyseOptions, Analyser } from './analyser'
import { type analysisConfigFromEnv, LOCAL_MODEL } from './config'

export interface LazyAnalyser extends Analyser {
  /** Loads the analyser now (once); a failure to load is thrown here and by every `analyse`. */
  warm(): Promise<void>
}

export function lazyAnalyser(config: ReturnType<typeof analysisConfigFromEnv>): LazyAnalyser {
  let loading: Promise<Analyser> | null = null
  const load = () => (loading ??= import('./index').then(({ createAnalyser }) => createAnalyser(config)))
  return {
    provider: config.provider,
    model: config.provider === 'openai' ? config.model : LOCAL_MODEL,
    async warm() {
      await load()
    },
    async analyse(content: string, options?: AnalyseOptions) {
      return (await load()).analyse(content, options)
    },
  }
}
