/**
 * The dashboard's charts, drawn with recharts. Only lazy-charts.tsx imports this module, through a
 * dynamic import, so recharts is a chunk of its own that the first page does not load.
 *
 * Charts only draw: every figure they show is also on the page as text (or in a table for screen
 * readers) next to them, so a chart is never the only way to read a number.
 */
import { type ReactElement, useContext } from 'react'
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, ComposedChart, LabelList, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { PestleCategoryName } from '../../protocol/analysis'
import type { DailyPoint, ForecastBody } from '../../protocol/intelligence'
import { ChartWidthContext } from './chart-size'
import { formatDay, PestleColours } from './format'

const ACCENT = 'var(--accent)'
const MUTED = 'var(--muted)'
const GRID = 'var(--border)'
const tick = { fontSize: 11, fill: MUTED }
const tooltipStyle = { background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 6, fontSize: 12, color: 'var(--text)' }

/** A count per day, drawn at a height (the width is the frame's). */
export interface DailySeriesProps {
  series: DailyPoint[]
  height: number
}

/** A topic's mentions per day, as a small filled line without axes. */
export function Sparkline({ series, height }: DailySeriesProps) {
  return (
    <Sized height={height}>
      {(width) => (
        <AreaChart width={width} height={height} data={series} margin={{ top: 2, right: 2, bottom: 2, left: 2 }}>
          <Area type="monotone" dataKey="count" stroke={ACCENT} strokeWidth={1.5} fill={ACCENT} fillOpacity={0.15} isAnimationActive={false} dot={false} />
        </AreaChart>
      )}
    </Sized>
  )
}

/** Signals per day over the last 28 days, as bars. */
export function VelocityChart({ series, height }: DailySeriesProps) {
  return (
    <Sized height={height}>
      {(width) => (
        <BarChart width={width} height={height} data={series} margin={{ top: 6, right: 6, bottom: 0, left: -18 }}>
          <CartesianGrid vertical={false} stroke={GRID} />
          <XAxis dataKey="date" tickFormatter={formatDay} tick={tick} minTickGap={18} tickLine={false} axisLine={{ stroke: GRID }} />
          <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} />
          <Tooltip contentStyle={tooltipStyle} labelFormatter={(d) => formatDay(String(d))} formatter={(v) => [String(v), 'Signals']} cursor={{ fill: 'var(--surface-2)' }} />
          <Bar dataKey="count" fill={ACCENT} radius={[2, 2, 0, 0]} isAnimationActive={false} />
        </BarChart>
      )}
    </Sized>
  )
}

export interface PestleChartProps {
  data: Array<{ category: PestleCategoryName; count: number }>
  height: number
}

/** Documents per PESTLE category, as horizontal bars with their counts. */
export function PestleChart({ data, height }: PestleChartProps) {
  return (
    <Sized height={height}>
      {(width) => (
        <BarChart width={width} height={height} data={data} layout="vertical" margin={{ top: 0, right: 36, bottom: 0, left: 0 }}>
          <XAxis type="number" hide allowDecimals={false} />
          <YAxis type="category" dataKey="category" width={104} tick={{ ...tick, fill: 'var(--text)' }} tickLine={false} axisLine={false} />
          <Tooltip contentStyle={tooltipStyle} formatter={(v) => [String(v), 'Documents']} cursor={{ fill: 'var(--surface-2)' }} />
          <Bar dataKey="count" radius={[0, 3, 3, 0]} barSize={16} isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.category} fill={PestleColours[d.category]} />
            ))}
            <LabelList dataKey="count" position="right" style={{ fontSize: 12, fill: 'var(--text)' }} />
          </Bar>
        </BarChart>
      )}
    </Sized>
  )
}

export interface ForecastChartProps {
  body: ForecastBody
  height: number
}

interface ForecastRow {
  date: string
  actual?: number
  forecast?: number
  band80?: [number, number]
  band95?: [number, number]
}

/** History as a solid line, the forecast dashed, inside its 95 % and 80 % interval bands. */
export function ForecastChart({ body, height }: ForecastChartProps) {
  const rows: ForecastRow[] = body.history.map((h) => ({ date: h.date, actual: h.value }))
  const last = rows.at(-1)
  // The forecast starts where the history ends, so the two lines join.
  if (last && body.forecast.length > 0) Object.assign(last, { forecast: last.actual, band80: [last.actual, last.actual], band95: [last.actual, last.actual] })
  for (const f of body.forecast) rows.push({ date: f.date, forecast: f.value, band80: [f.lower80, f.upper80], band95: [f.lower95, f.upper95] })
  return (
    <Sized height={height}>
      {(width) => (
        <ComposedChart width={width} height={height} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          <CartesianGrid vertical={false} stroke={GRID} />
          <XAxis dataKey="date" tickFormatter={formatDay} tick={tick} minTickGap={24} tickLine={false} axisLine={{ stroke: GRID }} />
          <YAxis tick={tick} tickLine={false} axisLine={false} allowDecimals />
          <Tooltip contentStyle={tooltipStyle} labelFormatter={(d) => formatDay(String(d))} formatter={(v, name) => [formatValue(v), String(name)]} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Area name="95 % interval" dataKey="band95" stroke="none" fill={ACCENT} fillOpacity={0.12} isAnimationActive={false} connectNulls />
          <Area name="80 % interval" dataKey="band80" stroke="none" fill={ACCENT} fillOpacity={0.22} isAnimationActive={false} connectNulls />
          <Line name="History" dataKey="actual" stroke="var(--text)" strokeWidth={1.5} dot={false} isAnimationActive={false} />
          <Line name="Forecast" dataKey="forecast" stroke={ACCENT} strokeWidth={2} strokeDasharray="5 4" dot={false} isAnimationActive={false} />
        </ComposedChart>
      )}
    </Sized>
  )
}

/** Fills the container (ResponsiveContainer), or the fixed width of ChartWidthContext. */
function Sized({ height, children }: { height: number; children: (width: number | undefined) => ReactElement }) {
  const fixed = useContext(ChartWidthContext)
  if (fixed !== null) return children(fixed)
  return (
    <ResponsiveContainer width="100%" height={height} minWidth={0}>
      {children(undefined)}
    </ResponsiveContainer>
  )
}

function formatValue(v: unknown): string {
  if (Array.isArray(v)) return v.map((x) => formatValue(x)).join('–')
  return typeof v === 'number' ? v.toFixed(2) : String(v)
}
