/**
 * "When and where" for a project page or a story's briefing: the scope's timeline or its map, one at a time,
 * chosen with a two-way switch (the timeline first).
 */
import { useState } from 'react'
import type { TimePlaceScope } from '../../domain/time-place'
import { ScopeMap, ScopeTimeline } from './ScopePanels'

export function TimeAndPlace({ scope, id }: { scope: TimePlaceScope; id: string }) {
  const [view, setView] = useState<'timeline' | 'map'>('timeline')
  return (
    <section className="time-place-section" aria-labelledby={`time-place-${scope}`}>
      <div className="time-place-head">
        <h3 id={`time-place-${scope}`}>When and where</h3>
        <span className="segmented" role="group" aria-label="Show">
          <button type="button" className="segment" aria-pressed={view === 'timeline'} onClick={() => setView('timeline')}>
            Timeline
          </button>
          <button type="button" className="segment" aria-pressed={view === 'map'} onClick={() => setView('map')}>
            Map
          </button>
        </span>
      </div>
      {view === 'timeline' ? <ScopeTimeline scope={scope} id={id} /> : <ScopeMap scope={scope} id={id} />}
    </section>
  )
}
