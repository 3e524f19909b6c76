/** The open workspace's frame loader (src/streams/frame-loader.ts); absent where nothing is fetched (replay, tests). */
import { createContext, useContext } from 'react'
import type { FrameLoader } from '../../streams/frame-loader'

export const FrameLoaderContext = createContext<FrameLoader | null>(null)

export function useFrameLoader(): FrameLoader | null {
  return useContext(FrameLoaderContext)
}
