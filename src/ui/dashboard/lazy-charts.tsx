/**
 * The charts as the dashboard uses them: each loads charts.tsx (and recharts with it) on first use, so
 * the first page stays light. Until the chart code has arrived a placeholder of the chart's size holds
 * its place; if it cannot be loaded the frame says so and the figures beside it still stand.
 *
 * Every frame is an image with a label that says what it shows; the figures themselves are in the text
 * around it.
 */
import { Component, lazy, type ReactNode, Suspense } from 'react'
import type { DailySeriesProps, ForecastChartProps, PestleChartProps } from './charts'

const charts = () => import('./charts')
const LazySparkline = lazy(() => charts().then((m) => ({ default: m.Sparkline })))
const LazyVelocityChart = lazy(() => charts().then((m) => ({ default: m.VelocityChart })))
const LazyPestleChart = lazy(() => charts().then((m) => ({ default: m.PestleChart })))
const LazyForecastChart = lazy(() => charts().then((m) => ({ default: m.ForecastChart })))

type Labelled<P> = Omit<P, 'height'> & { label: string; height?: number }

export function Sparkline({ label, height = 40, ...props }: Labelled<DailySeriesProps>) {
  return (
    <ChartFrame label={label} height={height} className="dash-sparkline">
      <LazySparkline {...props} height={height} />
    </ChartFrame>
  )
}

export function VelocityChart({ label, height = 150, ...props }: Labelled<DailySeriesProps>) {
  return (
    <ChartFrame label={label} height={height}>
      <LazyVelocityChart {...props} height={height} />
    </ChartFrame>
  )
}

export function PestleChart({ label, height, ...props }: Labelled<PestleChartProps>) {
  const h = height ?? Math.max(60, props.data.length * 28)
  return (
    <ChartFrame label={label} height={h}>
      <LazyPestleChart {...props} height={h} />
    </ChartFrame>
  )
}

export function ForecastChart({ label, height = 240, ...props }: Labelled<ForecastChartProps>) {
  return (
    <ChartFrame label={label} height={height}>
      <LazyForecastChart {...props} height={height} />
    </ChartFrame>
  )
}

function ChartFrame({ label, height, className, children }: { label: string; height: number; className?: string; children: ReactNode }) {
  return (
    <div className={`dash-chart ${className ?? ''}`} role="img" aria-label={label} style={{ height }}>
      <ChartBoundary>
        <Suspense fallback={<div className="dash-skeleton dash-chart-placeholder" aria-hidden="true" />}>{children}</Suspense>
      </ChartBoundary>
    </div>
  )
}

/** A chart whose code could not be loaded (offline, a new deployment) leaves a note, not a broken page. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <p className="dash-chart-failed muted small">Chart unavailable: reload the page to try again.</p> : this.props.children
  }
}
