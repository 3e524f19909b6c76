/**
 * The only bridge from read models to React.
 *
 * `useReadModel(model, select)` subscribes with `useSyncExternalStore`. The selected value is cached per
 * (snapshot, selector), so `getSnapshot` returns the same reference until the read model changes, and a
 * component re-renders only when its selection changes (by reference). Selectors must therefore return
 * stable values (memoised or parts of the state), never a fresh object per call.
 */
import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { ReadModel } from '../../projections/connect-projection'

export function useReadModel<S, T>(model: ReadModel<S>, select: (state: S) => T): T {
  const cache = useRef<{ state: S; select: (state: S) => T; value: T } | null>(null)
  const getSnapshot = useCallback(() => {
    const state = model.get()
    const hit = cache.current
    if (hit !== null && hit.state === state && hit.select === select) return hit.value
    const value = select(state)
    // Same selection from a new state: keep the old reference so React skips the render.
    const stable = hit !== null && Object.is(hit.value, value) ? hit.value : value
    cache.current = { state, select, value: stable }
    return stable
  }, [model, select])
  return useSyncExternalStore(model.subscribe, getSnapshot, getSnapshot)
}

/**
 * The part of a read model that one key names (a document by id, a frame's credibility): `select` must be
 * one function for the component's life (a module-level selector), so only the key changes the selection.
 */
export function useReadModelPart<S, T>(model: ReadModel<S>, select: (state: S, key: string) => T, key: string): T {
  return useReadModel(
    model,
    useCallback((s: S) => select(s, key), [select, key]),
  )
}
