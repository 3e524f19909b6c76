/**
 * How the timeline and the map colour their items, and the legend that says so: by credibility (the tones of
 * the credibility badges: confirmed or probably true, possibly true, doubtful or improbable, cannot be judged)
 * or, on the timeline, by category (one of ten colours per category name, the same name always the same colour).
 */
import { CredibilityNames } from '../../domain/time-place'

export type ColourBy = 'credibility' | 'category'

export const CATEGORY_COLOURS = 10

/** The colour slot of a category name: stable across screens and sessions. */
export function categoryIndex(name: string): number {
  let h = 0
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0
  return h % CATEGORY_COLOURS
}

const TONES: ReadonlyArray<{ tone: string; label: string }> = [
  { tone: 'ok', label: `${CredibilityNames[1]} or ${CredibilityNames[2]!.toLowerCase()}` },
  { tone: 'neutral', label: CredibilityNames[3]! },
  { tone: 'bad', label: `${CredibilityNames[4]} or ${CredibilityNames[5]!.toLowerCase()}` },
  { tone: 'muted', label: CredibilityNames[6]! },
]

export function ColourByToggle({ value, onChange }: { value: ColourBy; onChange(value: ColourBy): void }) {
  return (
    <span className="segmented" role="group" aria-label="Colour by">
      <button type="button" className="segment" aria-pressed={value === 'credibility'} onClick={() => onChange('credibility')}>
        Credibility
      </button>
      <button type="button" className="segment" aria-pressed={value === 'category'} onClick={() => onChange('category')}>
        Category
      </button>
    </span>
  )
}

export function Legend({ colourBy, categories, extra }: { colourBy: ColourBy; categories: readonly string[]; extra?: string }) {
  return (
    <ul className="time-place-legend" aria-label="Legend">
      {colourBy === 'credibility'
        ? TONES.map((t) => (
            <li key={t.tone}>
              <span className="legend-swatch" data-tone={t.tone} aria-hidden="true" />
              {t.label}
            </li>
          ))
        : categories.map((c) => (
            <li key={c}>
              <span className="legend-swatch" data-category={categoryIndex(c)} aria-hidden="true" />
              {c}
            </li>
          ))}
      {extra && <li className="muted">{extra}</li>}
    </ul>
  )
}
