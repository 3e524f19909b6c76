/**
 * The analysis library: `createAnalyser(config)` gives the configured provider, whose
 * `analyse(content, options)` returns a validated `Analysis` (src/protocol/analysis.ts). Usable
 * without HTTP; the API and the pipeline call it the same way.
 */
import type { Analyser } from './analyser'
import type { AnalysisConfig } from './config'
import { analysisConfigFromEnv, parseAnalysisConfig } from './config'
import { createLocalAnalyser } from './local/local-analyser'
import type { OpenAIAnalyserDeps } from './openai/openai-analyser'
import { createOpenAIAnalyser } from './openai/openai-analyser'

export type { AnalyseOptions, Analyser } from './analyser'
export { ANALYSER_VERSION, DEFAULT_REFERENCE_DATE, hashContent } from './analyser'
export type { AnalysisConfig, OpenAIAnalysisConfig } from './config'
export { analysisConfigFromEnv, parseAnalysisConfig } from './config'
export type { AnalysisErrorCodeName } from './errors'
export { AnalysisError, AnalysisErrorCode, isAnalysisError } from './errors'
export { analyseLocal, LOCAL_MODEL } from './local/local-analyser'
export type { Analysis, AnalysedFrame, Entity } from '../../src/protocol/analysis'
export { analysisSchema, analysedFrameSchema } from '../../src/protocol/analysis'

/** The analyser the configuration names; by default the one the environment names (ANALYSIS_PROVIDER, default local). */
export function createAnalyser(config: AnalysisConfig = analysisConfigFromEnv(), deps: OpenAIAnalyserDeps = {}): Analyser {
  const parsed = parseAnalysisConfig(config)
  return parsed.provider === 'openai' ? createOpenAIAnalyser(parsed, deps) : createLocalAnalyser()
}
