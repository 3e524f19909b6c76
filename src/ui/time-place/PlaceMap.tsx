/**
 * The map: the world's countries drawn from world-atlas's shapes (1:110m, shipped in the package and loaded
 * with this module, never from a tile server), a marker per place sized by how many frames happened there and
 * coloured by their best credibility, a time filter (two sliders over the days of the frames, or the days the
 * scope's timeline was left showing), and the places as a list too. Choosing a marker or a list row shows its frames
 * and stories; each opens in place. The names left unplotted are listed with the reason.
 *
 * The time filter follows the scope's timeline when the analyst has moved it ("3 of 6 places between … and …",
 * with "Show all dates" to forget it); otherwise the map's own sliders filter it.
 *
 * Zoom with Ctrl/⌘ and the wheel, a pinch, the buttons or + and − (a plain wheel scrolls the page and hints at
 * Ctrl); move by dragging or with the arrow keys once the map has focus; 0 shows the whole world. Markers are
 * reached by Tab; Enter on one shows its frames, each opening with Enter.
 */
import { geoNaturalEarth1, geoPath } from 'd3-geo'
import { type KeyboardEvent, type PointerEvent, type RefObject, useEffect, useMemo, useRef, useState } from 'react'
import { feature } from 'topojson-client'
import countries110m from 'world-atlas/countries-110m.json'
import { CredibilityNames } from '../../domain/time-place'
import type { PlaceMarker, TimelineFrame, UnplottedPlace } from '../../protocol/http/time-place'
import { credibilityTone } from '../workspace/CredibilityBadge'
import { type DayRange, markersInRange, placesLine } from './date-range'
import { Legend } from './legend'
import { frameLabel } from './Timeline'
import { useWheelZoom, zoomHintText } from './wheel-zoom'
import '../styles/time-place.css'

const WIDTH = 960
const HEIGHT = 480
const MAX_ZOOM = 12

export interface PlaceMapProps {
  markers: readonly PlaceMarker[]
  unplotted: readonly UnplottedPlace[]
  onOpenFrame(frame: TimelineFrame): void
  onOpenStory?(storyId: string): void
  /** The days the scope's timeline shows (the map follows them; its own sliders are then not shown). */
  range?: DayRange | null
  /** "Show all dates" while following the timeline: forget its range. */
  onResetRange?(): void
}

interface Shapes {
  paths: Array<{ id: string; d: string }>
  project(lon: number, lat: number): [number, number] | null
}

function buildShapes(): Shapes {
  const topology = countries110m as unknown as Parameters<typeof feature>[0]
  const world = feature(topology, topology.objects.countries!) as unknown as GeoJSON.FeatureCollection
  const projection = geoNaturalEarth1().fitSize([WIDTH, HEIGHT], { type: 'Sphere' })
  const path = geoPath(projection)
  return {
    paths: world.features.map((f, i) => ({ id: String(f.id ?? i), d: path(f) ?? '' })),
    project: (lon, lat) => projection([lon, lat]),
  }
}

let shapes: Shapes | null = null

export function PlaceMap({ markers, unplotted, onOpenFrame, onOpenStory, range = null, onResetRange }: PlaceMapProps) {
  shapes ??= buildShapes()
  const days = useMemo(() => [...new Set(markers.flatMap((m) => m.frames.map((f) => f.date)))].sort(), [markers])
  const last = Math.max(0, days.length - 1)
  const [span, setSpan] = useState<[number, number]>([0, last])
  useEffect(() => setSpan([0, Math.max(0, days.length - 1)]), [days])
  // The sliders' own range, when they leave some days out.
  const own = !range && days.length > 1 && (span[0] > 0 || span[1] < last) ? { from: days[span[0]]!, to: days[span[1]]! } : null
  const active = range ?? own
  const filtered = markersInRange(markers, active)
  const showAll = () => (range ? onResetRange?.() : setSpan([0, last]))
  const [selected, setSelected] = useState<string | null>(null)
  const chosen = filtered.find((m) => m.id === selected) ?? null
  const detailHeading = useRef<HTMLHeadingElement>(null)
  const focusDetail = useRef(false)
  useEffect(() => {
    if (!chosen || !focusDetail.current) return
    focusDetail.current = false
    detailHeading.current?.focus()
  }, [chosen])
  const [view, setView] = useState({ k: 1, x: 0, y: 0 })
  const svg = useRef<SVGSVGElement>(null)
  const drag = useRef<{ x: number; y: number } | null>(null)
  const zoom = (factor: number, cx = WIDTH / 2, cy = HEIGHT / 2) =>
    setView((v) => {
      const k = Math.min(MAX_ZOOM, Math.max(1, v.k * factor))
      return clampView({ k, x: cx - ((cx - v.x) * k) / v.k, y: cy - ((cy - v.y) * k) / v.k })
    })
  const hint = useWheelZoom(svg, { zoom: (scale, fx, fy) => zoom(scale, fx * WIDTH, fy * HEIGHT) })
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return
    const step = 60
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }
    if (e.key === '+' || e.key === '=') zoom(1.5)
    else if (e.key === '-' || e.key === '_') zoom(1 / 1.5)
    else if (e.key === '0' || e.key === 'Home') setView({ k: 1, x: 0, y: 0 })
    else if (moves[e.key]) setView((v) => clampView({ ...v, x: v.x + moves[e.key]![0], y: v.y + moves[e.key]![1] }))
    else return
    e.preventDefault()
  }
  const onPointer = (e: PointerEvent<SVGSVGElement>) => {
    const rect = e.currentTarget.getBoundingClientRect()
    const scale = WIDTH / Math.max(1, rect.width)
    if (e.type === 'pointerdown' && !(e.target as Element).classList.contains('map-marker')) drag.current = { x: e.clientX, y: e.clientY }
    else if (e.type === 'pointermove' && drag.current) {
      const dx = (e.clientX - drag.current.x) * scale
      const dy = (e.clientY - drag.current.y) * scale
      drag.current = { x: e.clientX, y: e.clientY }
      setView((v) => clampView({ ...v, x: v.x + dx, y: v.y + dy }))
    } else if (e.type === 'pointerup' || e.type === 'pointerleave') drag.current = null
  }
  const max = Math.max(1, ...filtered.map(weight))
  const empty = markers.length > 0 && filtered.length === 0

  return (
    <div className="place-map">
      <div className="timeline-controls" role="toolbar" aria-label="Map zoom and time filter">
        <button type="button" className="btn" aria-label="Zoom in" onClick={() => zoom(1.5)}>
          +
        </button>
        <button type="button" className="btn" aria-label="Zoom out" onClick={() => zoom(1 / 1.5)}>
          −
        </button>
        <button type="button" className="btn" onClick={() => setView({ k: 1, x: 0, y: 0 })}>
          Whole world
        </button>
        {!range && days.length > 1 && (
          <span className="map-range">
            <label>
              From <input type="range" min={0} max={last} value={span[0]} onChange={(e) => setSpan([Math.min(Number(e.target.value), span[1]), span[1]])} aria-valuetext={days[span[0]] ?? ''} />
            </label>
            <label>
              to <input type="range" min={0} max={last} value={span[1]} onChange={(e) => setSpan([span[0], Math.max(Number(e.target.value), span[0])])} aria-valuetext={days[span[1]] ?? ''} />
            </label>
          </span>
        )}
      </div>
      <p className={`map-range-status small ${active ? 'filtered' : 'muted'}`}>
        <span aria-live="polite">
          {placesLine(filtered.length, markers.length, active)}
          {range ? ', the days the timeline shows' : ''}
        </span>
        {active && (
          <>
            {' · '}
            <button type="button" className="link" onClick={showAll}>
              Show all dates
            </button>
          </>
        )}
      </p>
      <div className="place-map-body">
        <div className="map-frame">
          <svg
            ref={svg}
            className={`map-canvas ${empty ? 'no-places' : ''}`}
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            role="group"
            aria-label="World map: plus and minus zoom, arrow keys move, 0 shows the whole world"
            tabIndex={0}
            onKeyDown={onKey}
            onPointerDown={onPointer}
            onPointerMove={onPointer}
            onPointerUp={onPointer}
            onPointerLeave={onPointer}
          >
            <rect className="map-sea" width={WIDTH} height={HEIGHT} />
            <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
              {shapes.paths.map((p) => (
                <path key={p.id} className="map-country" d={p.d} style={{ strokeWidth: 0.5 / view.k }} />
              ))}
              {filtered.map((m) => {
                const at = shapes!.project(m.lon, m.lat)
                if (!at) return null
                const r = (4 + 10 * Math.sqrt(weight(m) / max)) / Math.sqrt(view.k)
                return (
                  <circle
                    key={m.id}
                    className={`map-marker ${m.id === selected ? 'selected' : ''}`}
                    data-tone={credibilityTone(bestGrade(m))}
                    data-place-id={m.id}
                    cx={at[0]}
                    cy={at[1]}
                    r={r}
                    role="button"
                    tabIndex={0}
                    aria-label={markerLabel(m)}
                    onClick={() => setSelected(m.id)}
                    onKeyDown={(e) => {
                      if (e.key !== 'Enter' && e.key !== ' ') return
                      e.preventDefault()
                      e.stopPropagation()
                      focusDetail.current = true
                      setSelected(m.id)
                    }}
                  >
                    <title>{markerLabel(m)}</title>
                  </circle>
                )
              })}
            </g>
          </svg>
          {hint && (
            <div className="zoom-hint" aria-hidden="true">
              {zoomHintText()}
            </div>
          )}
          {empty && active && (
            <div className="map-empty" role="status">
              <strong>No places in this period</strong>
              <span className="muted small">
                Nothing between <span className="day">{active.from}</span> and <span className="day">{active.to}</span> happened at a place on the map.
              </span>
              <button type="button" className="btn" onClick={showAll}>
                Show all dates
              </button>
            </div>
          )}
        </div>
        <aside className="place-list" aria-label="Places">
          {chosen ? (
            <PlaceDetail
              marker={chosen}
              heading={detailHeading}
              onBack={() => {
                setSelected(null)
                // Back where the analyst came from: the marker they chose.
                requestAnimationFrame(() => svg.current?.querySelector<SVGElement>(`[data-place-id="${CSS.escape(chosen.id)}"]`)?.focus())
              }}
              onOpenFrame={onOpenFrame}
              onOpenStory={onOpenStory}
            />
          ) : filtered.length === 0 ? (
            <p className="muted">{markers.length === 0 ? 'No place named in these documents could be placed on the map.' : 'No places in this period.'}</p>
          ) : (
            <ul>
              {filtered.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    className="link place-row"
                    onClick={(e) => {
                      // A keyboard press (detail 0) moves the focus into the place, as Enter on a marker does.
                      focusDetail.current = e.detail === 0
                      setSelected(m.id)
                    }}
                  >
                    <span className="legend-swatch" data-tone={credibilityTone(bestGrade(m))} aria-hidden="true" />
                    <span>{m.name}</span>
                    <span className="muted small">{countText(m)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
      <Legend colourBy="credibility" categories={[]} extra="Marker size: frames there" />
      {unplotted.length > 0 && (
        <details className="unplotted">
          <summary>
            {unplotted.length} {unplotted.length === 1 ? 'name was' : 'names were'} not placed on the map
          </summary>
          <ul>
            {unplotted.map((u) => (
              <li key={`${u.name}|${u.reason}`}>
                <strong>{u.name}</strong>: {u.reason} ({u.documentIds.length} {u.documentIds.length === 1 ? 'document' : 'documents'})
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}

function PlaceDetail({
  marker,
  heading,
  onBack,
  onOpenFrame,
  onOpenStory,
}: {
  marker: PlaceMarker
  heading: RefObject<HTMLHeadingElement | null>
  onBack(): void
  onOpenFrame(f: TimelineFrame): void
  onOpenStory?(id: string): void
}) {
  return (
    <div className="place-detail">
      <button type="button" className="link" onClick={onBack}>
        ← All places
      </button>
      <h4 ref={heading} tabIndex={-1}>
        {marker.name}
      </h4>
      <p className="muted small">{countText(marker)}</p>
      {marker.stories.length > 0 && (
        <>
          <h5>Stories</h5>
          <ul>
            {marker.stories.map((s) => (
              <li key={s.id}>
                <button type="button" className="link" onClick={() => onOpenStory?.(s.id)}>
                  {s.title}
                </button>{' '}
                <span className="muted small">{CredibilityNames[s.credibility]}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h5>Frames</h5>
      {marker.frames.length === 0 ? (
        <p className="muted small">Named in {marker.documentCount === 1 ? 'a document' : `${marker.documentCount} documents`}, but no frame here happened there.</p>
      ) : (
        <ul>
          {marker.frames.map((f) => (
            <li key={f.id}>
              <button type="button" className="link place-frame" data-frame-id={f.id} title={frameLabel(f)} onClick={() => onOpenFrame(f)}>
                {f.label}
              </button>
              <span className="muted small">
                {' '}
                {f.date} · {CredibilityNames[f.credibility]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

const weight = (m: PlaceMarker) => Math.max(1, m.frames.length)
const bestGrade = (m: PlaceMarker) => (m.frames.length === 0 ? 6 : Math.min(...m.frames.map((f) => f.credibility)))

function countText(m: PlaceMarker): string {
  const frames = `${m.frames.length} ${m.frames.length === 1 ? 'frame' : 'frames'}`
  return m.stories.length > 0 ? `${frames} · ${m.stories.length} ${m.stories.length === 1 ? 'story' : 'stories'}` : frames
}

function markerLabel(m: PlaceMarker): string {
  return `${m.name}: ${countText(m)}, best ${CredibilityNames[bestGrade(m)]?.toLowerCase()}`
}

function clampView(v: { k: number; x: number; y: number }) {
  const minX = WIDTH - WIDTH * v.k
  const minY = HEIGHT - HEIGHT * v.k
  return { k: v.k, x: Math.min(0, Math.max(minX, v.x)), y: Math.min(0, Math.max(minY, v.y)) }
}
