/**
 * The stories of the open workspace's documents (issue 20): each story by id, with two indexes the cards
 * read — which story a document is in, and each frame's credibility.
 *
 * `story.listLoaded` (the workspace's load, and every reload) replaces what was known; `story.updated`
 * (the live channel) puts the story in whole and drops the stories it absorbed (`mergedStoryIds`). Live
 * updates apply once and in order: one whose live-log id is not after the last applied is a redelivery
 * (a resume overlaps what was seen) and changes nothing, as in the workspace graph. A deleted document
 * leaves its story at once (the server's next update will say the same); a story left without documents
 * is dropped. Opening another workspace or signing out empties the model.
 *
 * The indexes are kept by hand rather than derived in selectors, because every card asks "which story
 * am I in" on every render: taking a story out unindexes its old version before the new one is indexed,
 * so a merge (the absorbed story's documents and frames now belong to the survivor) ends indexed to the
 * survivor.
 */
import type { EventOf } from '../domain/events'
import { compareMessageIds } from '../protocol/live-messages'
import type { FrameCredibility, Story, StorySource } from '../protocol/stories'
import { assign } from './collections'
import { defineDraftProjection } from './define-draft-projection'

export interface Stories {
  /** The workspace these stories belong to; null before any. */
  sessionId: string | null
  byId: Record<string, Story>
  /** Story ids in the order they became known. */
  order: string[]
  /** documentId → storyId. */
  storyOfDocument: Record<string, string>
  /** frameId → its credibility, from the story that grades it. */
  credibilityOfFrame: Record<string, FrameCredibility>
  /** The last live-log id a story update was applied at, so a redelivered one changes nothing. */
  cursor: string | null
}

export const emptyStories: Stories = freshStories(null)

export const stories = defineDraftProjection<Stories>({
  name: 'stories',
  initial: emptyStories,
  on: {
    'workspace.sessionSelected': (s, e) => {
      if (s.sessionId !== e.sessionId) assign(s, freshStories(e.sessionId))
    },
    'auth.signedOut': (s) => {
      if (s.sessionId !== null || s.order.length > 0) assign(s, freshStories(null))
    },
    // Clear deleted every document here (Reset clears too, then reloads the stories).
    'workspace.cleared': (s) => {
      if (s.order.length > 0) assign(s, { ...freshStories(s.sessionId), cursor: s.cursor })
    },
    'story.listLoaded': (s, e) => {
      if (s.sessionId !== null && s.sessionId !== e.sessionId) return
      // The cursor stays: live updates after it are newer than nothing the list could say, and older ones
      // were already folded into the list the server answered.
      // Fresh collections, built here, so the stories put in below change no shared empty value.
      assign(s, { ...freshStories(e.sessionId), cursor: s.cursor })
      for (const story of e.stories) putStory(s, story)
    },
    'story.updated': (s, e) => {
      if (!isNewLive(s, e)) return
      if (s.sessionId === null) s.sessionId = e.sessionId
      if (e.messageId != null) s.cursor = e.messageId
      for (const id of e.mergedStoryIds ?? []) if (id !== e.story.id) removeStory(s, id)
      putStory(s, e.story)
    },
    'document.deleted': (s, e) => {
      // A tombstone from the live log applies in its session and once; this client's own delete at once.
      if (e.sessionId != null && !isNewLive(s, { sessionId: e.sessionId, messageId: e.messageId })) return
      const storyId = s.storyOfDocument[e.eventId]
      if (storyId !== undefined) leaveStory(s, storyId, new Set([e.eventId]))
    },
  },
})

// ——— selectors ———

export function selectStoryOfDocument(s: Stories, documentId: string): Story | null {
  const id = s.storyOfDocument[documentId]
  return id === undefined ? null : (s.byId[id] ?? null)
}

/** The story a document is in when it has more than one document (a story of one says nothing). */
export function selectSharedStoryOfDocument(s: Stories, documentId: string): Story | null {
  const story = selectStoryOfDocument(s, documentId)
  return story !== null && story.documentIds.length > 1 ? story : null
}

export function selectFrameCredibility(s: Stories, frameId: string): FrameCredibility | null {
  return s.credibilityOfFrame[frameId] ?? null
}

/** Whether some story holds two or more of these documents: grouping them would change the list only then. */
export function hasStoryGroups(s: Stories, documentIds: readonly string[]): boolean {
  if (s.order.length === 0) return false
  const seen = new Set<string>()
  for (const id of documentIds) {
    const storyId = s.storyOfDocument[id]
    if (storyId === undefined) continue
    if (seen.has(storyId)) return true
    seen.add(storyId)
  }
  return false
}

/** The story's best grade: its main frames' lowest grade that can be judged (1–5), else 6; null when none is graded. */
export function storyBestGrade(story: Story): number | null {
  const main = new Set(story.mainFrameIds)
  const graded = story.credibility.filter((c) => main.has(c.frameId))
  const grades = (graded.length > 0 ? graded : story.credibility).map((c) => c.grade)
  if (grades.length === 0) return null
  const judged = grades.filter((g) => g < 6)
  return judged.length > 0 ? Math.min(...judged) : 6
}

/** A story's source for one document, or null when the story does not list it. */
export function storySourceOf(story: Story, documentId: string): StorySource | null {
  return story.sources.find((source) => source.documentId === documentId) ?? null
}

/** One row of the workspace list when grouped by story. */
export type StoryRow = { kind: 'group'; storyId: string; documentIds: readonly string[] } | { kind: 'card'; documentId: string; storyId: string | null; duplicateIds: readonly string[] }

/**
 * The workspace's documents (in their order) grouped by story: a story with more than one of these
 * documents becomes a header row followed by its cards, placed where its first document stood; an exact
 * duplicate of a document shown here goes under that card (`duplicateIds`) instead of being a card of its
 * own. Documents with no story, or alone in theirs here, stay cards where they stood.
 */
export function groupByStory(s: Stories, documentIds: readonly string[]): StoryRow[] {
  const present = new Set(documentIds)
  const members = new Map<string, string[]>()
  for (const id of documentIds) {
    const storyId = s.storyOfDocument[id]
    if (storyId === undefined || s.byId[storyId] === undefined) continue
    const list = members.get(storyId)
    if (list) list.push(id)
    else members.set(storyId, [id])
  }
  const rows: StoryRow[] = []
  const placed = new Set<string>()
  for (const id of documentIds) {
    const storyId = s.storyOfDocument[id]
    const inStory = storyId === undefined ? undefined : members.get(storyId)
    if (storyId === undefined || inStory === undefined || inStory.length < 2) {
      rows.push({ kind: 'card', documentId: id, storyId: null, duplicateIds: [] })
      continue
    }
    if (placed.has(storyId)) continue
    placed.add(storyId)
    const story = s.byId[storyId] as Story
    const originalOf = (doc: string) => {
      const of = storySourceOf(story, doc)?.duplicateOf
      return of != null && of !== doc && present.has(of) && inStory.includes(of) ? of : null
    }
    rows.push({ kind: 'group', storyId, documentIds: inStory })
    for (const doc of inStory) {
      if (originalOf(doc) !== null) continue
      rows.push({ kind: 'card', documentId: doc, storyId, duplicateIds: inStory.filter((d) => originalOf(d) === doc) })
    }
  }
  return rows
}

// ——— helpers ———

function freshStories(sessionId: string | null): Stories {
  return { sessionId, byId: {}, order: [], storyOfDocument: {}, credibilityOfFrame: {}, cursor: null }
}

type LiveOrigin = Pick<EventOf<'story.updated'>, 'sessionId' | 'messageId'>

/** In this workspace, and (when it has a live-log id) after the last update applied. */
function isNewLive(s: Stories, e: LiveOrigin): boolean {
  if (s.sessionId !== null && s.sessionId !== e.sessionId) return false
  return e.messageId == null || s.cursor === null || compareMessageIds(e.messageId, s.cursor) > 0
}

function putStory(s: Stories, story: Story): void {
  // A document is in one story: one that another story now claims leaves the story it was in.
  const moved = new Map<string, Set<string>>()
  for (const id of story.documentIds) {
    const owner = s.storyOfDocument[id]
    if (owner !== undefined && owner !== story.id) moved.set(owner, (moved.get(owner) ?? new Set()).add(id))
  }
  for (const [owner, ids] of moved) leaveStory(s, owner, ids)
  const old = s.byId[story.id]
  if (old !== undefined) unindex(s, old)
  else s.order.push(story.id)
  s.byId[story.id] = story
  for (const id of story.documentIds) s.storyOfDocument[id] = story.id
  for (const c of story.credibility) s.credibilityOfFrame[c.frameId] = c
}

/** These documents leave the story (with their sources and graded frames); a story left empty goes. */
function leaveStory(s: Stories, storyId: string, documentIds: ReadonlySet<string>): void {
  const story = s.byId[storyId]
  if (story === undefined) return
  const left = story.documentIds.filter((id) => !documentIds.has(id))
  if (left.length === 0) {
    removeStory(s, storyId)
    return
  }
  // Built here from plain copies, so changing it later changes no event's object.
  putStory(s, {
    ...story,
    documentIds: left,
    sources: story.sources.filter((source) => !documentIds.has(source.documentId)),
    credibility: story.credibility.filter((c) => !documentIds.has(c.documentId)),
  })
}

function removeStory(s: Stories, id: string): void {
  const story = s.byId[id]
  if (story === undefined) return
  unindex(s, story)
  delete s.byId[id]
  s.order = s.order.filter((listed) => listed !== id)
}

/** Takes a story's entries out of the indexes, where no other story has claimed them since. */
function unindex(s: Stories, story: Story): void {
  for (const id of story.documentIds) if (s.storyOfDocument[id] === story.id) delete s.storyOfDocument[id]
  for (const c of story.credibility) {
    const indexed = s.credibilityOfFrame[c.frameId]
    const owner = indexed === undefined ? undefined : s.storyOfDocument[indexed.documentId]
    if (indexed !== undefined && (owner === undefined || owner === story.id)) delete s.credibilityOfFrame[c.frameId]
  }
}
