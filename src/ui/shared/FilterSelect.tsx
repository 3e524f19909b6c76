import { Options } from './Options'

/** A list filter: a labelled select of "all" (the empty value) or one of `options`. */
export function FilterSelect<T extends string>({
  label,
  all,
  options,
  optionLabel = (o) => o,
  value,
  onChange,
}: {
  label: string
  all: string
  options: readonly T[]
  optionLabel?: (option: T) => string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <label className="field inline-field">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        <Options items={options} label={optionLabel} />
      </select>
    </label>
  )
}
