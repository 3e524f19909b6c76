/**
 * Group by story (issue 20): the workspace toolbar's toggle, remembered per workspace in this browser,
 * and the header a story of several documents gets when the list is grouped — its title, its time span,
 * "N sources · M independent" and its best credibility. The rows themselves (which cards go under which
 * header, duplicates under their original) are `groupByStory` in the stories read model.
 *
 * The toggle only shows when some story holds two or more of the workspace's documents: with nothing to
 * group, a button that changes nothing would be a dead end.
 */
import { useCallback, useMemo, useState } from 'react'
import { storyCountsText } from '../../domain/rules/credibility'
import { hasStoryGroups, storyBestGrade } from '../../projections/stories'
import { BriefingLink } from '../briefing/BriefingLink'
import { CredibilityBadge } from './CredibilityBadge'
import { useStories, useStory } from './use-stories'
import '../styles/stories.css'

const storageKey = (sessionId: string) => `sightline.groupByStory.${sessionId}`

/** Whether the list is grouped, and its setter; remembered per workspace (none remembered without one). */
export function useGroupByStory(sessionId: string | null): [boolean, (on: boolean) => void] {
  const [state, setState] = useState(() => ({ sessionId, on: readGrouped(sessionId) }))
  // Another workspace opened in the same list: its own remembered choice.
  const current = state.sessionId === sessionId ? state.on : readGrouped(sessionId)
  if (state.sessionId !== sessionId) setState({ sessionId, on: current })
  const set = useCallback(
    (on: boolean) => {
      setState({ sessionId, on })
      writeGrouped(sessionId, on)
    },
    [sessionId],
  )
  return [current, set]
}

export function GroupByStoryToggle({ documentIds, grouped, onChange }: { documentIds: readonly string[]; grouped: boolean; onChange: (on: boolean) => void }) {
  const stories = useStories()
  const groups = useMemo(() => hasStoryGroups(stories, documentIds), [stories, documentIds])
  if (!groups) return null
  return (
    <button type="button" className={`btn ${grouped ? 'pressed' : ''}`} aria-pressed={grouped} onClick={() => onChange(!grouped)}>
      Group by story
    </button>
  )
}

/** A story's header in the grouped list. */
export function StoryGroupHeader({ storyId, shown }: { storyId: string; shown: number }) {
  const story = useStory(storyId)
  if (story === null) return null
  const best = storyBestGrade(story)
  const explanation = best === null ? null : (story.credibility.find((c) => c.grade === best)?.explanation ?? null)
  const count = Math.max(story.documentIds.length, story.sources.length)
  return (
    <header className="story-group-head" data-story-id={story.id}>
      <h3 className="story-group-title">{story.title}</h3>
      <span className="story-group-meta">
        <TimeSpan from={story.startedAt} to={story.endedAt} />
        <span className="meta" title={`${shown} of them in this workspace`}>
          {storyCountsText(count, story.publisherCount)}
        </span>
        {best !== null && <CredibilityBadge grade={best} explanation={explanation} />}
        <BriefingLink type="story" id={story.id} label={`Story briefing: ${story.title}`}>
          Story briefing
        </BriefingLink>
      </span>
    </header>
  )
}

/** 'Nov 20, 2026' for one day, 'Nov 20 – Nov 22, 2026' for several. */
function TimeSpan({ from, to }: { from: string; to: string }) {
  const start = new Date(from)
  const end = new Date(to)
  if (Number.isNaN(start.getTime())) return null
  const day = (d: Date, year: boolean) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', ...(year ? { year: 'numeric' } : {}) })
  const sameDay = Number.isNaN(end.getTime()) || day(start, true) === day(end, true)
  return (
    <span className="story-group-span">
      <time dateTime={start.toISOString()}>{day(start, sameDay || start.getFullYear() !== end.getFullYear())}</time>
      {!sameDay && (
        <>
          {' – '}
          <time dateTime={end.toISOString()}>{day(end, true)}</time>
        </>
      )}
    </span>
  )
}

function readGrouped(sessionId: string | null): boolean {
  if (sessionId === null) return false
  try {
    return localStorage.getItem(storageKey(sessionId)) === 'on'
  } catch {
    return false
  }
}

function writeGrouped(sessionId: string | null, on: boolean): void {
  if (sessionId === null) return
  try {
    if (on) localStorage.setItem(storageKey(sessionId), 'on')
    else localStorage.removeItem(storageKey(sessionId))
  } catch {
    /* storage full or disabled: the choice lasts until the page is left */
  }
}
