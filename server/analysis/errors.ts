/**
 * Typed failures of an analysis provider. The API maps AI_TIMEOUT and AI_RATE_LIMIT to 503 (spec §8
 * lists both as retryable); the others are faults of the provider's answer or of the configuration.
 */
export const AnalysisErrorCode = {
  Timeout: 'AI_TIMEOUT',
  RateLimit: 'AI_RATE_LIMIT',
  InvalidOutput: 'AI_INVALID_OUTPUT',
  ProviderError: 'AI_PROVIDER_ERROR',
  Config: 'AI_CONFIG_ERROR',
  /** The document went over its time or memory budget (server/platform/compute/pooled.ts): its own fault, not the provider's. */
  Budget: 'AI_BUDGET_EXCEEDED',
} as const
export type AnalysisErrorCodeName = (typeof AnalysisErrorCode)[keyof typeof AnalysisErrorCode]

export interface AnalysisErrorDetails {
  /** The model's raw answer, when the failure is about what it said. */
  modelText?: string
  /** What validation rejected, one line per issue. */
  issues?: string[]
  /** HTTP status the provider answered, when it answered one. */
  providerStatus?: number
  cause?: unknown
}

export class AnalysisError extends Error {
  override readonly name = 'AnalysisError'
  readonly code: AnalysisErrorCodeName
  readonly modelText: string | undefined
  readonly issues: string[]
  readonly providerStatus: number | undefined

  constructor(code: AnalysisErrorCodeName, message: string, details: AnalysisErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.code = code
    this.modelText = details.modelText
    this.issues = details.issues ?? []
    this.providerStatus = details.providerStatus
  }

  /** The HTTP status the API should answer with. */
  get httpStatus(): number {
    switch (this.code) {
      case AnalysisErrorCode.Timeout:
      case AnalysisErrorCode.RateLimit:
        return 503
      case AnalysisErrorCode.InvalidOutput:
      case AnalysisErrorCode.ProviderError:
        return 502
      default:
        return 500
    }
  }
}

export function isAnalysisError(e: unknown): e is AnalysisError {
  return e instanceof AnalysisError
}
