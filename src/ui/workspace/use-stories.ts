/**
 * What cards, the list and the inspector read of the stories read model (src/projections/stories.ts).
 * Each hook selects a part of the state itself (a story, a frame's credibility), so a card renders again
 * only when its own story changes.
 */
import { selectFrameCredibility, selectSharedStoryOfDocument, type Stories } from '../../projections/stories'
import type { FrameCredibility, Story } from '../../protocol/stories'
import { useReadModel, useReadModelPart } from '../hooks/use-read-model'
import { useModels } from '../models-context'

/** The story of a document when it has more than one document; null otherwise (no sources to show). */
export function useSharedStory(documentId: string): Story | null {
  return useReadModelPart(useModels().stories, selectSharedStoryOfDocument, documentId)
}

export function useStory(storyId: string): Story | null {
  return useReadModelPart(useModels().stories, selectStory, storyId)
}

export function useFrameCredibility(frameId: string): FrameCredibility | null {
  return useReadModelPart(useModels().stories, selectFrameCredibility, frameId)
}

/** Every frame's credibility by frame id (a card looks up each of its frames). */
export function useCredibilityIndex(): Readonly<Record<string, FrameCredibility>> {
  return useReadModel(useModels().stories, selectCredibilityIndex)
}

export function useStories(): Stories {
  return useReadModel(useModels().stories, selectAll)
}

const selectCredibilityIndex = (s: Stories) => s.credibilityOfFrame
const selectAll = (s: Stories) => s
const selectStory = (s: Stories, id: string): Story | null => s.byId[id] ?? null
