/** The whole product in this process, as `npm start` runs it: API, live hub, workers, the built client. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from '../../../server/main'

export async function startProduct(extraEnv: Record<string, string> = {}): Promise<{ url: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sightline-e2e-'))
  const running = await main(['--role', 'all'], { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...extraEnv })
  return {
    url: running.url as string,
    async close() {
      await running.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
