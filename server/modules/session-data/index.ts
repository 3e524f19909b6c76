/**
 * Session data (spec §7 /sessions/{id}/data, /events, /action-frames): the documents, frames and edits of a
 * workspace. Public face: its plugin and the document and frame store the pipeline and exchange write to.
 */
import type { FeatureModule } from '../../platform/module'
export { getEvent, insertEvent, replaceFrames, toActionFrame, toGenesisEvent, updateEvent, type EventRow, type FrameRow } from './queries'
import { type SessionDataDeps, sessionDataRoutes } from './routes'

export type { SessionDataDeps } from './routes'
export const sessionDataModule: FeatureModule<SessionDataDeps> = sessionDataRoutes
