/** Score thresholds, analytics defaults and display formats (spec §2, §9). */
import type { Analytics, AnalyticsScoreKey } from '../../protocol/entities'
import { AnalyticsScoreKeys } from '../../protocol/entities'

export const ScoreLevel = { High: 'high', Medium: 'medium', Low: 'low' } as const
export type ScoreLevel = (typeof ScoreLevel)[keyof typeof ScoreLevel]

/** Above 0.7 high, above 0.4 medium, otherwise low. */
export function scoreLevel(value: number): ScoreLevel {
  if (value > 0.7) return ScoreLevel.High
  if (value > 0.4) return ScoreLevel.Medium
  return ScoreLevel.Low
}

/** Urgency colours: red above 0.7, amber above 0.4, green otherwise. */
export function urgencyColour(score: number): 'red' | 'amber' | 'green' {
  const level = scoreLevel(score)
  return level === ScoreLevel.High ? 'red' : level === ScoreLevel.Medium ? 'amber' : 'green'
}

/** A missing analytics score reads as neutral. */
export const MISSING_ANALYTICS_VALUE = 0.5
/** Where the neutral marker sits on each analytics bar, in percent. */
export const NEUTRAL_MARKER_PERCENT = 50

/** The inspector's labels for the ten scores, in display order. */
const AnalyticsLabels: Record<AnalyticsScoreKey, string> = {
  economicRelevance: 'Economic Relevance',
  impactSeverity: 'Impact Severity',
  scope: 'Scope',
  timeHorizon: 'Time Horizon',
  socioPoliticalSensitivity: 'Socio-Political Sensitivity',
  culturalSignificance: 'Cultural Significance',
  ethicalControversy: 'Ethical Controversy',
  novelty: 'Novelty',
  biasIntensity: 'Bias Intensity',
  propagandaIntensity: 'Propaganda Intensity',
}

/** The ten scores as 0–1 numbers, a missing or unusable value counting as 0.5. */
export function analyticsScores(analytics: Analytics | null | undefined): Array<{ key: AnalyticsScoreKey; label: string; value: number }> {
  return AnalyticsScoreKeys.map((key) => {
    const raw = analytics?.[key]
    const value = typeof raw === 'number' && Number.isFinite(raw) ? Math.min(1, Math.max(0, raw)) : MISSING_ANALYTICS_VALUE
    return { key, label: AnalyticsLabels[key], value }
  })
}

/** 0–1 as a whole percent: 0.734 → '73%'. */
export function percent(value: number | null | undefined): string {
  return `${Math.round(Math.min(1, Math.max(0, value ?? 0)) * 100)}%`
}

/** A file size in Bytes, KB, MB or GB. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return ''
  if (bytes === 0) return '0 Bytes'
  const units = ['Bytes', 'KB', 'MB', 'GB'] as const
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)))
  const value = bytes / 1024 ** i
  return `${i === 0 ? value : Number.parseFloat(value.toFixed(2))} ${units[i]}`
}

/** The text chip shows the first 30 characters. */
export function textChip(text: string | null | undefined): string {
  const t = (text ?? '').trim()
  return t.length > 30 ? `${t.slice(0, 30)}…` : t
}

/** Actors shown on a frame card (2) or graph card (3), and how many more there are. */
export function visibleActors<T>(actors: readonly T[], limit: 2 | 3): { shown: T[]; more: number } {
  return { shown: actors.slice(0, limit), more: Math.max(0, actors.length - limit) }
}
