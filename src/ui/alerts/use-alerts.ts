/**
 * The analyst's alerts for the screens: the read model, opening an alert where it points, and the inbox
 * channel kept open while signed in (mounted once, by the bell in the top bar).
 */
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import type { Alerts } from '../../projections/alerts'
import type { Alert } from '../../protocol/alerts'
import { loadAlerts, markAlertRead } from '../../streams/alert-intents'
import { attachInboxLive } from '../../streams/inbox-live'
import { useServices } from '../app-services'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { browserLiveTransport, liveConnection } from '../workspace/use-open-workspace'

const whole = (s: Alerts) => s

export function useAlerts(): Alerts {
  return useReadModel(useModels().alerts, whole)
}

/** Reads the alerts, then keeps the inbox channel open (closed on unmount or sign-out); true when the read failed. */
export function useInbox(): boolean {
  const { ctx, identity } = useServices()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let closed = false
    let close = () => {}
    const reload = async () => {
      await loadAlerts(ctx)
    }
    void loadAlerts(ctx).then((loaded) => {
      if (!closed) setFailed(loaded === null)
      if (!loaded || closed) return
      const channel = attachInboxLive(ctx.core, { sessionId: loaded.inboxSessionId, ...liveConnection(identity, browserLiveTransport()), reload })
      close = () => channel.close()
    })
    return () => {
      closed = true
      close()
    }
  }, [ctx, identity])
  return failed
}

/** Opens an alert: marks it read and goes to its frame in its workspace (or its project). */
export function useOpenAlert(): (alert: Alert) => void {
  const { ctx } = useServices()
  const navigate = useNavigate()
  return useCallback(
    (alert: Alert) => {
      void markAlertRead(ctx, alert)
      if (alert.researchId && alert.sessionId) {
        void navigate({
          to: '/research/$researchId/workspace/$sessionId',
          params: { researchId: alert.researchId, sessionId: alert.sessionId },
          search: { document: alert.eventId, ...(alert.frameId ? { frame: alert.frameId } : {}) },
        })
      } else if (alert.projectId) void navigate({ to: '/project/$projectId', params: { projectId: alert.projectId } })
    },
    [ctx, navigate],
  )
}
