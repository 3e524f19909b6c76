/** A replay player's position, playing flag, speed and core, read with `useSyncExternalStore`. */
import { useSyncExternalStore } from 'react'
import type { ReplayPlayer, ReplayPlayerState } from '../../streams/replay-player'

export function useReplayState(player: ReplayPlayer): ReplayPlayerState {
  // `state()` is one object until something changes, so it is a valid snapshot as it is.
  return useSyncExternalStore(player.subscribe, player.state, player.state)
}
