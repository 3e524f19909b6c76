/**
 * `npm run bench:replay`: parse + validate + fold of a 100,000-message live log.
 *
 * Generates 1,000 documents of about 100 messages each (frames with realistic actors, resources and
 * impacts; documents interleaved ten at a time, as a busy workspace sends them), then measures, in the
 * same run: bare `JSON.parse` of every line (the baseline) and the production replay path (translators,
 * zod validation, camelCase normalisation, bus, every projection) in production mode (no deep freeze).
 * Prints messages/s and the ratio to the baseline. Targets: ≥ 200,000 messages/s, ratio ≤ 2 (issue 22).
 *
 * `REPLAY_GRAPH=immer` (or `immer-per-event`) folds the workspace graph through immer instead of its
 * copy-on-write transaction (./replay-immer-graph.ts): the measurement behind the README's Dependency notes on immer.
 */
import { performance } from 'node:perf_hooks'
import { replayRecording } from '../src/streams/replay'
import { type ClientCore, createClientCore } from '../src/streams/client-core'
import { connectProjection } from '../src/projections/connect-projection'
import { type GraphVariant, immerWorkspaceGraph } from './replay-immer-graph'

const DOCUMENTS = 1000
const FRAMES_PER_DOC = 40
const RUNS = 5

export function generateLog(documents = DOCUMENTS): string[] {
  const sessionId = 'bench-session'
  let id = 0
  const lines: string[] = []
  const msg = (type: string, data: unknown) => lines.push(JSON.stringify({ type, sessionId, id: String(++id), data }))
  const actors = ['European Commission', 'Ministry of Finance', 'Acme Corp', 'Central Bank', 'United Nations', 'Port Authority']
  const resources = ['EUR 2.4 billion', 'tariff schedule', 'satellite imagery', '3,000 troops', 'emergency credit line']
  for (let start = 0; start < documents; start += 10) {
    const batch = Array.from({ length: Math.min(10, documents - start) }, (_, i) => `ev-${start + i}`)
    const steps: Array<(e: string, n: number) => void> = [
      (e, n) => msg('genesis-event-skeleton', { eventId: e, eventType: 'document', payload: { originalFilename: `report-${n}.pdf`, fileType: 'application/pdf', fileSize: 100_000 + n } }),
      (e) => msg('status-update', { eventId: e, phase: 'structuring-started' }),
      (e, n) => msg('genesis-event-summary', { eventId: e, title: `Report ${n} on regional trade`, summary: 'Officials announced new measures affecting exports and supply chains.' }),
      (e) => msg('status-update', { eventId: e, phase: 'structuring-completed' }),
      (e, n) =>
        msg('document-ready', {
          eventId: e,
          payload: {
            aiTitle: `Report ${n}: new trade measures`,
            aiSummary: 'New measures affect exports and supply chains across the region.',
            knowledgeArea: 'Trade',
            cleanedContent: 'Report\nOfficials announced new measures affecting exports.',
          },
          analytics: {
            economicRelevance: 0.8,
            impactSeverity: 0.6,
            scope: 0.5,
            timeHorizon: 0.4,
            socioPoliticalSensitivity: 0.5,
            culturalSignificance: 0.2,
            ethicalControversy: 0.3,
            novelty: 0.5,
            biasIntensity: 0.2,
            propagandaIntensity: 0.1,
            detectedDomain: 'Trade',
          },
        }),
      (e) => msg('action-analysis-started', { eventId: e }),
      (e) => msg('status-update', { eventId: e, phase: 'decomposition-started' }),
      (e) => msg('action-analysis-complete', { eventId: e, status: 'actions-found', actionCount: FRAMES_PER_DOC }),
      (e) => msg('action-frames-detected', { eventId: e, count: FRAMES_PER_DOC }),
    ]
    for (const step of steps) batch.forEach((e, i) => step(e, start + i))
    for (let f = 1; f <= FRAMES_PER_DOC; f++) {
      for (const e of batch) {
        const n = Number(e.slice(3)) + f
        msg('action-frame-created', {
          frameId: `${e}-f${f}`,
          parentId: e,
          frame: {
            status: 'final',
            actionIndex: f,
            totalActions: FRAMES_PER_DOC,
            actionType: 'announce_measure',
            actionDescription: `${actors[n % actors.length]} announced a measure involving ${resources[n % resources.length]}.`,
            temporality: 'past',
            actors: {
              entries: [
                { text: actors[n % actors.length], role: 'initiator', affect: 'neutral', influence: 0.7, motivation: 'policy' },
                { text: actors[(n + 1) % actors.length], role: 'target', affect: 'negative', influence: 0.4 },
              ],
            },
            resources: { entries: [{ text: resources[n % resources.length], type: 'money', state: 'allocated', usage: 'support' }] },
            result: { outcome: 'Exports fall', description: 'Exports are expected to fall', impacts: [{ effect: 'exports fall', magnitude: 0.6, description: 'medium' }] },
            metadata: { confidence: 0.8, veracity: 0.7, relevance: 0.9, noveltyScore: 0.3, sentiment: -0.2, businessDomain: 'Trade', tags: ['trade', 'policy'] },
            confidence: 0.8,
            urgency: { score: 0.55, justification: 'within weeks' },
          },
        })
      }
    }
    for (let f = 1; f <= FRAMES_PER_DOC; f++) for (const e of batch) msg('action-frame-updated', { frameId: `${e}-f${f}`, updates: { confidence: 0.85 } })
    for (let c = 1; c <= 8; c++)
      for (const e of batch) msg('connection-updated', { connection: { id: `${e}-c${c}`, type: 'shared_actor', participants: [`${e}-f${c}`, `${e}-f${c + 1}`], status: 'Active', confidence: 0.6 } })
    for (const e of batch) msg('status-update', { eventId: e, phase: 'decomposition-completed' })
    for (const e of batch) msg('processing-complete', { eventId: e, actionCount: FRAMES_PER_DOC })
  }
  return lines
}

const GRAPH = process.env.REPLAY_GRAPH as GraphVariant | undefined

/** The production core; with REPLAY_GRAPH, its workspace graph folded through immer instead. */
function benchCore(): ClientCore {
  const core = createClientCore({ now: () => 0, freeze: false })
  if (GRAPH === undefined) return core
  core.models.workspaceGraph.dispose()
  core.models.workspaceGraph = connectProjection(immerWorkspaceGraph(GRAPH), core.bus.batches$)
  return core
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] as number
}

function main(): void {
  process.env.NODE_ENV = 'production'
  const lines = generateLog()
  const text = `${lines.join('\n')}\n`
  const bytes = Buffer.byteLength(text)
  if (GRAPH !== undefined && GRAPH !== 'immer' && GRAPH !== 'immer-per-event') throw new Error(`REPLAY_GRAPH: immer or immer-per-event, not ${GRAPH}`)
  console.log(`bench:replay — ${lines.length.toLocaleString('en-US')} messages, ${(bytes / 1e6).toFixed(1)} MB, ${DOCUMENTS} documents${GRAPH ? `, workspace graph through ${GRAPH}` : ''}`)

  const parseTimes: number[] = []
  const replayTimes: number[] = []
  let check = 0
  for (let run = 0; run < RUNS; run++) {
    let t = performance.now()
    for (const line of text.split('\n')) if (line !== '') check += (JSON.parse(line) as { id: string }).id.length
    parseTimes.push(performance.now() - t)

    t = performance.now()
    const result = replayRecording(text, { core: benchCore() })
    replayTimes.push(performance.now() - t)
    const graph = result.core.models.workspaceGraph.get()
    if (graph.documents.order.length !== DOCUMENTS || result.rejected.length !== 0) throw new Error('replay did not fold the log')
    result.core.dispose()
  }
  if (check === 0) throw new Error('unreachable')
  const parseMs = median(parseTimes)
  const replayMs = median(replayTimes)
  const rate = lines.length / (replayMs / 1000)
  const ratio = replayMs / parseMs
  console.log(`JSON.parse only (baseline): ${parseMs.toFixed(0)} ms  (${Math.round(lines.length / (parseMs / 1000)).toLocaleString('en-US')} messages/s)`)
  console.log(`parse + validate + fold:    ${replayMs.toFixed(0)} ms  (${Math.round(rate).toLocaleString('en-US')} messages/s)`)
  console.log(`ratio to JSON.parse: ${ratio.toFixed(2)}x   (average message ${Math.round(bytes / lines.length)} bytes)`)
  console.log(`targets: ≥ 200,000 messages/s ${rate >= 200_000 ? 'met' : 'missed'}; ratio ≤ 2 ${ratio <= 2 ? 'met' : 'missed'}`)
  console.log(`median of ${RUNS} runs each`)
  console.log(
    `BENCH_RESULT ${JSON.stringify({ name: 'replay', figures: { 'messages/s': Math.round(rate) }, ratio: { 'time vs JSON.parse': Number(ratio.toFixed(2)) }, target: '≥ 200,000 messages/s; ratio ≤ 2', met: rate >= 200_000 && ratio <= 2 })}`,
  )
}

if (process.argv[1]?.endsWith('replay.bench.ts')) main()
