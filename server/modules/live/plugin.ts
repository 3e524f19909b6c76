/** What the composition root wires of the live channel: the hub (its websocket and API plugins). Imported by server/app.ts and server/main.ts only; other modules use index.ts. */
export { createLiveHub } from './hub'
