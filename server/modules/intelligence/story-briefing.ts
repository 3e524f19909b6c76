/**
 * Briefings and stories (issue 20): a story's own briefing, and the sources every briefing cites.
 *
 * `storyBriefing` tells one story (server/modules/stories): who told it and when, how many independent
 * publishers, its main claim with its credibility, what is contested and why; key events are its distinct
 * claims (one frame per claim: the best-judged, then the earliest), the main claims first (the one most of
 * its documents tell leading), then contested ones, then the rest by credibility, up to five, shown oldest first; the narrative is one line per source,
 * in the order they published (else arrived); its graph is the local graph of its own documents, like a
 * research's (not of every frame of the tenant sharing an actor with its key frames).
 *
 * `citeSources` adds to any briefing's key events the publisher and address of the document each was read
 * in, and its claim's credibility with how many reports disagree, from the stories of those documents; a
 * key event whose claim is contested is said so in the executive summary as well.
 */
import type { BriefingBody, KeyEvent } from '../../../src/protocol/intelligence'
import { CredibilityLabels, type FrameCredibility, type Story } from '../../../src/protocol/stories'
import { body, BRIEFING_GRAPH_NODES, chronological, frameMetrics, KEY_EVENTS, keyEvent, plural, riskOf } from './briefing'
import type { CorpusFrame } from './corpus'
import { type GraphView, graphView, localGraph } from './graph'
import { compareText } from './topics'

export function storyBriefing(tenant: GraphView, story: Story, contradicted: ReadonlySet<string> = new Set()): BriefingBody {
  const frames = story.documentIds.flatMap((id) => tenant.corpus.framesByDocument.get(id) ?? [])
  const credibility = new Map(story.credibility.map((c) => [c.frameId, c]))
  const main = new Set(story.mainFrameIds)
  const { claims, told } = distinctClaims(frames, credibility)
  const ranked = [...claims].sort(
    (a, b) =>
      rank(a, main, credibility) - rank(b, main, credibility) ||
      (told.get(b.id) ?? 0) - (told.get(a.id) ?? 0) ||
      gradeOf(a, credibility) - gradeOf(b, credibility) ||
      riskOf(tenant, b) - riskOf(tenant, a) ||
      compareText(a.id, b.id),
  )
  const keyFrames = chronological(ranked.slice(0, KEY_EVENTS))
  const lead = ranked.find((f) => main.has(f.id)) ?? ranked[0]
  const copies = story.sources.filter((s) => s.duplicateOf).length
  const contested = ranked.filter((f) => (credibility.get(f.id)?.contestedBy.length ?? 0) > 0)
  const judged = (f: CorpusFrame) => credibility.get(f.id)
  const executiveSummary = [
    `Told by ${toldBy(story)}, ${span(story)}.`,
    copies === 0 ? '' : copies === 1 ? "One is an exact copy of another source's text, counted once." : `${copies} are exact copies of other sources' texts, counted once.`,
    lead
      ? `Main claim: “${lead.description}” (${lead.actionType})${judged(lead) ? `, ${gradeText(judged(lead)!)}` : ', not judged yet: no second independent source and no source with a record'}.`
      : 'No action frame in this story.',
    contested.length > 0
      ? `Contested: ${contested
          .slice(0, 2)
          .map((f) => `“${f.description}” (${reasonsOf(judged(f)!)})`)
          .join('; ')}${contested.length > 2 ? ` and ${contested.length - 2} more` : ''}.`
      : '',
  ]
    .filter((s) => s !== '')
    .join(' ')
  const narrative = [...story.sources]
    .sort((a, b) => compareText(a.publishedAt ?? '', b.publishedAt ?? '') || compareText(a.documentId, b.documentId))
    .map((s) => {
      const doc = tenant.corpus.documentsById.get(s.documentId)
      const day = (s.publishedAt ?? (doc ? new Date(doc.at).toISOString() : '')).slice(0, 10) || 'undated'
      const grade = s.reliability ? `, source graded ${s.reliability.grade}` : ''
      return `${day}: ${s.publisher ?? 'no publisher named'} — “${s.title ?? doc?.title ?? s.documentId}”${s.duplicateOf ? ' (exact copy)' : ''}${grade}`
    })
  const grades = [...credibility.values()]
  return body('story', story.id, {
    title: `Story: ${story.title}`,
    executiveSummary,
    narrative: narrative.join('\n'),
    keyEvents: citeEvents(
      keyFrames.map((f) => keyEvent(tenant, f)),
      [story],
    ),
    detailedMetrics: {
      documents: story.documentIds.length,
      independentPublishers: story.publisherCount,
      exactCopies: copies,
      claims: claims.length,
      confirmedFrames: grades.filter((c) => c.grade <= 2).length,
      contestedFrames: grades.filter((c) => c.contestedBy.length > 0).length,
      ...frameMetrics(tenant, frames, contradicted),
    },
    graph: localGraph(graphView(tenant.corpus, new Set(story.documentIds)), keyFrames.length > 0 ? keyFrames.map((f) => f.id) : story.documentIds, BRIEFING_GRAPH_NODES),
  })
}

/** Any briefing, its key events citing their sources and credibility from `stories` (those of their documents). */
export function citeSources(briefing: BriefingBody, stories: readonly Story[]): BriefingBody {
  const keyEvents = citeEvents(briefing.briefing.keyEvents, stories)
  const contested = keyEvents.filter((e) => (e.credibility?.contestedBy ?? 0) > 0).length
  const summary = briefing.briefing.executiveSummary
  const note = contested > 0 ? `${contested === 1 ? 'One key event is' : `${contested} key events are`} contested by other reports.` : ''
  return {
    ...briefing,
    briefing: { ...briefing.briefing, keyEvents, ...(note && summary && !summary.includes('Contested:') ? { executiveSummary: `${summary} ${note}` } : {}) },
  }
}

/** What a key event's frame that its story does not grade is: 6, with the two ways a frame comes to it. */
const UNJUDGED = {
  grade: 6,
  explanation: '6 (cannot be judged): no other report can be matched with it, or only one source reports it and none of its sources has a record yet (F).',
  contestedBy: 0,
}

function citeEvents(events: readonly KeyEvent[], stories: readonly Story[]): KeyEvent[] {
  const sources = new Map(stories.flatMap((s) => s.sources.map((src) => [src.documentId, src] as const)))
  const credibility = new Map(stories.flatMap((s) => s.credibility.map((c) => [c.frameId, c] as const)))
  return events.map((e) => {
    const source = e.documentId ? sources.get(e.documentId) : undefined
    const frame = e.refType === 'actionframe' && e.refId ? e.refId : undefined
    const judged = frame ? credibility.get(frame) : undefined
    // A frame of an assessed document its story does not grade cannot be judged (the story leaves such frames
    // out); a copy is not assessed and has no grade of its own.
    const unjudged = frame && source && !source.duplicateOf ? UNJUDGED : undefined
    return {
      ...e,
      ...(source?.publisher ? { publisher: source.publisher } : {}),
      ...(source?.url ? { url: source.url } : {}),
      ...(judged ? { credibility: { grade: judged.grade, explanation: judged.explanation, contestedBy: judged.contestedBy.length } } : unjudged ? { credibility: unjudged } : {}),
    }
  })
}

/**
 * One frame per claim (its action and description, as written; an affirmation and its denial are two):
 * the best-judged, then the earliest; and how many of the story's documents tell each.
 */
function distinctClaims(frames: readonly CorpusFrame[], credibility: ReadonlyMap<string, FrameCredibility>): { claims: CorpusFrame[]; told: Map<string, number> } {
  const best = new Map<string, { frame: CorpusFrame; documents: Set<string> }>()
  for (const f of chronological(frames)) {
    const key = `${f.actionType}\u0000${f.negated}\u0000${f.description.trim().toLowerCase()}`
    const kept = best.get(key)
    if (!kept) best.set(key, { frame: f, documents: new Set([f.eventId]) })
    else {
      kept.documents.add(f.eventId)
      if (gradeOf(f, credibility) < gradeOf(kept.frame, credibility)) kept.frame = f
    }
  }
  const claims = [...best.values()]
  return { claims: claims.map((c) => c.frame), told: new Map(claims.map((c) => [c.frame.id, c.documents.size])) }
}

/** The main claim first, then contested claims, then the rest. */
function rank(f: CorpusFrame, main: ReadonlySet<string>, credibility: ReadonlyMap<string, FrameCredibility>): number {
  if (main.has(f.id)) return 0
  return (credibility.get(f.id)?.contestedBy.length ?? 0) > 0 ? 1 : 2
}

/** A frame's grade; one the story cannot judge counts as 6 (cannot be judged). */
function gradeOf(f: CorpusFrame, credibility: ReadonlyMap<string, FrameCredibility>): number {
  return credibility.get(f.id)?.grade ?? 6
}

/** '4 (doubtful): reported by …' — the engine's explanation, which starts with the grade and its label. */
function gradeText(c: FrameCredibility): string {
  const label = (CredibilityLabels[c.grade as keyof typeof CredibilityLabels] ?? 'Cannot be judged').toLowerCase()
  const explanation = c.explanation.replace(/\.$/, '')
  return explanation.startsWith(`${c.grade} (`) ? explanation : `${c.grade} (${label}): ${explanation}`
}

function reasonsOf(c: FrameCredibility): string {
  const reasons = [...new Set(c.contestedBy.flatMap((x) => x.reasons))]
  return reasons.length > 0 ? `disputed: ${reasons.join(', ')}` : 'disputed'
}

function span(story: Story): string {
  const from = story.startedAt.slice(0, 10)
  const to = story.endedAt.slice(0, 10)
  return from === to ? `on ${from}` : `from ${from} to ${to}`
}

/**
 * "3 sources from 2 independent publishers"; a pasted or uploaded text names no publisher, and two of them are
 * not said to be two independent publishers: "2 sources, neither naming its publisher", "3 sources, 1 of them
 * naming no publisher".
 */
function toldBy(story: Story): string {
  const sources = story.sources.length
  const unnamed = story.sources.filter((s) => !s.publisher).length
  if (unnamed === 0) return `${plural(sources, 'source')} from ${plural(story.publisherCount, 'independent publisher')}`
  if (unnamed === sources) return `${plural(sources, 'source')}, ${sources === 1 ? 'naming no publisher' : sources === 2 ? 'neither naming its publisher' : 'none naming its publisher'}`
  // How many independent publishers the named ones make is not said: the count takes the unnamed ones as their own.
  return `${plural(sources, 'source')}, ${unnamed} of them naming no publisher`
}
