/**
 * A pool worker's first module (server/platform/compute/pool.ts): plain JavaScript, so it runs wherever the server
 * does (npm start, npm run worker, the tests), loading the TypeScript tasks module through tsx.
 */
import { workerData } from 'node:worker_threads'
import { tsImport } from 'tsx/esm/api'

await tsImport(workerData.tasksModule, import.meta.url)
