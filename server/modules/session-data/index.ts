/**
 * Session data (spec §7 /sessions/{id}/data, /events, /action-frames): the documents, frames and edits of a
 * workspace. What other modules may use: the document and frame store the pipeline and exchange write
 * to (the routes: plugin.ts).
 */
export { getEvent, insertEvent, replaceFrames, toActionFrame, toGenesisEvent, updateEvent, type EventRow, type FrameRow } from './queries'
