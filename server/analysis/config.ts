/**
 * Which analyser to use and how to reach it, read from the environment once at start-up.
 * ANALYSIS_PROVIDER=local (default) needs nothing else; ANALYSIS_PROVIDER=openai needs an
 * OpenAI-compatible endpoint (OPENAI_BASE_URL; OPENAI_API_KEY unless the endpoint takes none, as
 * Ollama, vLLM and llama.cpp servers usually do) and ANALYSIS_MODEL.
 */
import { z } from 'zod'
import { AnalysisError, AnalysisErrorCode } from './errors'

/** The local analyser's model name, in every result's stamp. */
export const LOCAL_MODEL = 'sightline-rules'

export const analysisConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('local') }),
  z.object({
    provider: z.literal('openai'),
    baseURL: z.url().optional(),
    apiKey: z.string().optional(),
    model: z.string().min(1),
    /** Per request, in milliseconds. */
    timeoutMs: z.number().int().positive().default(60_000),
    /** Retries of the HTTP client itself on 429/5xx/connection errors, before a typed error. */
    maxRetries: z.number().int().min(0).default(2),
    /** Longer content is split into chunks of at most this many characters, analysed and merged. */
    maxChunkChars: z.number().int().min(500).default(12_000),
    temperature: z.number().min(0).max(2).default(0),
  }),
])
export type AnalysisConfig = z.input<typeof analysisConfigSchema>
export type OpenAIAnalysisConfig = Extract<z.output<typeof analysisConfigSchema>, { provider: 'openai' }>

export function analysisConfigFromEnv(env: Record<string, string | undefined> = process.env): z.output<typeof analysisConfigSchema> {
  const provider = (env.ANALYSIS_PROVIDER ?? 'local').trim().toLowerCase() || 'local'
  const raw =
    provider === 'openai'
      ? {
          provider,
          baseURL: env.OPENAI_BASE_URL || undefined,
          apiKey: env.OPENAI_API_KEY || undefined,
          model: env.ANALYSIS_MODEL ?? '',
          timeoutMs: numberOrUndefined(env.ANALYSIS_TIMEOUT_MS),
          maxRetries: numberOrUndefined(env.ANALYSIS_MAX_RETRIES),
          maxChunkChars: numberOrUndefined(env.ANALYSIS_MAX_CHUNK_CHARS),
        }
      : { provider }
  return parseAnalysisConfig(raw)
}

export function parseAnalysisConfig(raw: unknown): z.output<typeof analysisConfigSchema> {
  const parsed = analysisConfigSchema.safeParse(raw)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'provider'}: ${i.message}`)
    throw new AnalysisError(AnalysisErrorCode.Config, `Invalid analysis configuration: ${issues.join('; ')}`, { issues })
  }
  return parsed.data
}

function numberOrUndefined(v: string | undefined): number | undefined {
  if (v === undefined || v.trim() === '') return undefined
  const n = Number(v)
  return Number.isFinite(n) ? n : undefined
}
