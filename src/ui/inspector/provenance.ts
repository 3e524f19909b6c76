/** Where each frame and entity of a document came from in its content (see domain/rules/inspector.ts). */
import { analysedContent, entitySourceSentence, frameSourceSentence, type InspectorEntity, readEntities, type SourceSentence } from '../../domain/rules/source-sentences'
import type { Payload } from '../../protocol/entities'
import type { FrameCard } from '../../projections/workspace-graph'

interface DocumentProvenance {
  content: string | null
  frames: Array<{ frame: FrameCard; source: SourceSentence | null }>
  entities: Array<{ entity: InspectorEntity; source: SourceSentence | null }>
}

export function documentProvenance(payload: Payload | null, frames: readonly FrameCard[]): DocumentProvenance {
  const content = analysedContent(payload)
  const frameSources = frames.map((frame) => ({ frame, source: frameSourceSentence(frame, content) }))
  const recorded = frameSources.map((f) => f.source).filter((s): s is SourceSentence => s !== null && s.provenance === 'recorded')
  const entities = readEntities(payload?.detectedEntities).map((entity) => ({ entity, source: entitySourceSentence(entity, content, recorded) }))
  return { content, frames: frameSources, entities }
}
