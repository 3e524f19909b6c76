/** What the composition root starts of retention: the maintenance loop. Imported by server/app.ts and server/main.ts only; other modules use index.ts. */
export { startMaintenance } from './maintenance'
