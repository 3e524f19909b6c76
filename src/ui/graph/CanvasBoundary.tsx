/**
 * Catches a canvas chunk that failed to load (or a canvas that threw) and offers Retry: the knowledge graph's
 * and the entity graph's lazily loaded canvases both sit inside one.
 */
import { Component, type ReactNode } from 'react'

export class CanvasBoundary extends Component<{ onRetry(): void; message: string; className: string; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <div className={this.props.className} role="alert">
        <p>{this.props.message}</p>
        <p className="muted small">{this.state.error.message}</p>
        <button type="button" className="btn" onClick={this.props.onRetry}>
          Retry
        </button>
      </div>
    )
  }
}
