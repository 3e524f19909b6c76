/**
 * The charts as the dashboard uses them: each loads charts.tsx (and recharts with it) on first use, so
 * the first page stays light. Until the chart code has arrived a placeholder of the chart's size holds
 * its place; if it cannot be loaded the frame says so and the figures beside it still stand.
 *
 * Every frame is an image with a label that says what it shows; the figures themselves are in the text
 * around it.
 */
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import type { DailySeriesProps, ForecastChartProps, PestleChartProps } from './charts'

export const Sparkline = lazyChart<DailySeriesProps>((m) => m.Sparkline, { height: () => 40, className: 'dash-sparkline' })
export const VelocityChart = lazyChart<DailySeriesProps>((m) => m.VelocityChart, { height: () => 150 })
export const PestleChart = lazyChart<PestleChartProps>((m) => m.PestleChart, { height: (props) => Math.max(60, props.data.length * 28) })
export const ForecastChart = lazyChart<ForecastChartProps>((m) => m.ForecastChart, { height: () => 240 })

const charts = () => import('./charts')

type Labelled<P> = Omit<P, 'height'> & { label: string; height?: number }

/**
 * One of charts.tsx's components, loaded on first use and drawn in its labelled frame; without a height it
 * takes the frame's default, which the placeholder needs before the chart code has arrived.
 */
function lazyChart<P extends { height: number }>(
  // The chart is handed the label along with its own props (the frame is what shows it): typing it so keeps
  // P whole, where taking the label out would need a cast that TypeScript cannot check.
  pick: (m: typeof import('./charts')) => ComponentType<Labelled<P> & { height: number }>,
  frame: { height: (props: Labelled<P>) => number; className?: string },
) {
  const Chart = lazy(() => charts().then((m) => ({ default: pick(m) })))
  // biome-ignore lint/correctness/noComponentHookFactories: called once per chart at module load, never in a render, so each chart keeps one identity
  return function LabelledChart(props: Labelled<P>) {
    const height = props.height ?? frame.height(props)
    return (
      <ChartFrame label={props.label} height={height} className={frame.className}>
        <Chart {...props} height={height} />
      </ChartFrame>
    )
  }
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
