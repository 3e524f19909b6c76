/**
 * The replay bench's live log: 1,000 documents of about 100 messages each (frames with realistic actors,
 * resources and impacts; documents interleaved ten at a time, as a busy workspace sends them). Shared by
 * the Node run, the Chromium page (./page.ts) and the tests that need a large live log.
 */
export const DOCUMENTS = 1000
const FRAMES_PER_DOC = 40

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
