/**
 * What the browser bench pages (bench/ui/page.tsx, bench/scale/page.tsx) share: the workspace as the app
 * renders it around the document list, and the frame timing.
 *
 * Timing: the data is handed over at the start of a requestAnimationFrame callback (t0), so the wait for
 * the next vsync is not counted. React renders store updates in a microtask of the same callback; the
 * frame's style, layout and paint follow; a MessageChannel task posted from the callback runs once that
 * frame has been painted and committed to the compositor — its time is "painted". Raster and display
 * happen off the main thread and are not counted.
 */
import type { ReadModels } from '../../src/projections/registry'
import type { FrameLoader } from '../../src/streams/frame-loader'
import { ModelsProvider } from '../../src/ui/models-context'
import { FrameLoaderContext } from '../../src/ui/workspace/frame-loader-context'
import { type InspectorControl, InspectorContext } from '../../src/ui/workspace/inspector-context'
import { type WorkspaceActions, WorkspaceActionsContext } from '../../src/ui/workspace/workspace-actions'
import { WorkspacePage } from '../../src/ui/workspace/WorkspacePage'
import type { FrameSample } from './protocol'

const MAX_FRAMES = 120

/** What WorkspaceView renders around the list, minus the toolbar, progress list and input bar. */
export function BenchWorkspace({ models, frameLoader = null }: { models: ReadModels; frameLoader?: FrameLoader | null }) {
  return (
    <ModelsProvider models={models}>
      <InspectorContext.Provider value={inspector}>
        <WorkspaceActionsContext.Provider value={actions}>
          <FrameLoaderContext.Provider value={frameLoader}>
            <main className="content">
              <div className="workspace-layout">
                <div className="workspace-shell">
                  <WorkspacePage title="Bench workspace" />
                </div>
              </div>
            </main>
          </FrameLoaderContext.Provider>
        </WorkspaceActionsContext.Provider>
      </InspectorContext.Provider>
    </ModelsProvider>
  )
}

/**
 * Runs `act` at the start of a frame and follows the frames after it: when `shows()` first holds at the
 * end of a frame, that is "painted"; `container` is watched until its DOM has been quiet for `quietFrames` frames.
 */
export function measureFrame(container: HTMLElement, act: (translated: () => void) => void, shows: () => boolean, quietFrames: number): Promise<FrameSample> {
  return new Promise((resolve, reject) => {
    let changed = false
    const observer = new MutationObserver(() => {
      changed = true
    })
    observer.observe(container, { subtree: true, childList: true, attributes: true, characterData: true })
    requestAnimationFrame(() => {
      const t0 = performance.now()
      let translateEnd = t0
      let reactEnd = 0
      let layoutEnd = 0
      try {
        act(() => {
          translateEnd = performance.now()
        })
      } catch (error) {
        observer.disconnect()
        reject(error)
        return
      }
      const publishEnd = performance.now()
      // Queued after React's own microtask (scheduled inside publish), so it runs after the commit.
      queueMicrotask(() => {
        reactEnd = performance.now()
        void document.body.offsetHeight
        layoutEnd = performance.now()
      })
      let frames = 1
      let firstFrameEnd = 0
      let paintedAt: number | null = null
      let paintedFrames = 0
      let lastChange = t0
      let quiet = 0
      const check = () => {
        const now = performance.now()
        if (frames === 1) firstFrameEnd = now
        if (changed) {
          changed = false
          lastChange = now
          quiet = 0
        } else quiet++
        if (paintedAt === null && shows()) {
          paintedAt = now
          paintedFrames = frames
        }
        if (paintedAt !== null && quiet >= quietFrames) {
          observer.disconnect()
          resolve({
            translate: translateEnd - t0,
            publish: publishEnd - translateEnd,
            react: reactEnd - publishEnd,
            layout: layoutEnd - reactEnd,
            paint: firstFrameEnd - layoutEnd,
            painted: paintedAt - t0,
            frames: paintedFrames,
            settled: Math.max(lastChange, paintedAt) - t0,
          })
        } else if (frames >= MAX_FRAMES) {
          observer.disconnect()
          reject(new Error(`not shown after ${MAX_FRAMES} frames`))
        } else {
          frames++
          requestAnimationFrame(() => afterFrame(check))
        }
      }
      afterFrame(check)
    })
  })
}

/** Calls `fn` in a task that runs after the current frame's rendering (call it from a rAF callback). */
export function afterFrame(fn: () => void): void {
  const channel = new MessageChannel()
  channel.port1.onmessage = () => {
    channel.port1.close()
    fn()
  }
  channel.port2.postMessage(null)
}

export function idleFrames(n: number): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)))
    step(n)
  })
}

const inspector: InspectorControl = { open: false, target: null, select() {}, toggle() {}, close() {} }
const actions: WorkspaceActions = { deleteDocument: async () => {} }
