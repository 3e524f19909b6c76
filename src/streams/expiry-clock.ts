/**
 * Feeds `clock.ticked` to the read models that expire things (toasts, progress cards): it watches them,
 * sleeps until the next expiry, and publishes the time then. Time stays out of the projections.
 */
import type { Subscription } from 'rxjs'
import { selectNextToastExpiry } from '../projections/notifications'
import { selectNextProgressRemoval } from '../projections/progress'
import type { ClientCore } from './client-core'
import { realTimers, type Timers } from './live-channel'

export function startExpiryClock(core: ClientCore, timers: Timers = realTimers): () => void {
  let timer: unknown = null
  let scheduledFor: number | null = null
  const reschedule = () => {
    const candidates = [selectNextToastExpiry(core.models.toasts.get()), selectNextProgressRemoval(core.models.progressCards.get())].filter((t): t is number => t !== null)
    const next = candidates.length > 0 ? Math.min(...candidates) : null
    if (next === scheduledFor) return
    if (timer !== null) timers.clearTimeout(timer)
    timer = null
    scheduledFor = next
    if (next === null) return
    timer = timers.setTimeout(
      () => {
        timer = null
        scheduledFor = null
        core.bus.publish({ type: 'clock.ticked', at: Math.max(timers.now(), next) }, 'local')
      },
      Math.max(0, next - timers.now()),
    )
  }
  const subs: Subscription[] = [core.models.toasts.state$.subscribe(reschedule), core.models.progressCards.state$.subscribe(reschedule)]
  return () => {
    for (const s of subs) s.unsubscribe()
    if (timer !== null) timers.clearTimeout(timer)
  }
}
