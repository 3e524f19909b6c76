/** What the composition root wires of the pipeline: `createPipeline` and the breaker admin routes. Imported by server/app.ts and server/main.ts only; other modules use index.ts. */
export { createPipeline } from './pipeline'
export { breakerRoutes } from './routes'
