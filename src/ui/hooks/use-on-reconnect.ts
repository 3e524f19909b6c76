/**
 * Runs `reload` when the server answers again after it could not be reached (the connectivity read model
 * turns reachable), so a page that failed to load while offline recovers by itself.
 */
import { useEffect, useRef } from 'react'
import { selectReachable } from '../../projections/connectivity'
import { useModels } from '../models-context'
import { useReadModel } from './use-read-model'

export function useOnReconnect(reload: () => void): void {
  const reachable = useReadModel(useModels().connectivity, selectReachable)
  const wasDown = useRef(!reachable)
  const latest = useRef(reload)
  latest.current = reload
  useEffect(() => {
    if (!reachable) wasDown.current = true
    else if (wasDown.current) {
      wasDown.current = false
      latest.current()
    }
  }, [reachable])
}
