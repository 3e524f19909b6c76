/**
 * Writes the scenario recordings in fixtures/ (`npx tsx scripts/make-fixtures.ts`).
 *
 * Until the server records real sessions, these scenarios are composed here, message by message, in the
 * wire format of ARCHITECTURE.md §4, so each hard case (duplicates, reordering, malformed lines …) is
 * spelled out in one readable place. The expected read models live in fixtures/expected/ and are
 * checked by tests/streams/fixtures.test.ts; regenerate them with `npx tsx scripts/make-fixtures.ts --expected`
 * only after reading the diff.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures')

type Msg = { type: string; sessionId: string; id: string; data: Record<string, unknown> }

/** A session's live log: ids increase strictly, as the server assigns them. */
class Log {
  private next = 1
  readonly lines: string[] = []
  constructor(readonly sessionId: string) {}

  msg(type: string, data: Record<string, unknown>): Msg {
    const m = { type, sessionId: this.sessionId, id: String(this.next++), data }
    this.lines.push(JSON.stringify(m))
    return m
  }

  raw(line: string): void {
    this.lines.push(line)
  }

  /** Delivers an already-sent message again (a resume overlap, a duplicated frame). */
  again(m: Msg): void {
    this.lines.push(JSON.stringify(m))
  }

  text(): string {
    return `${this.lines.join('\n')}\n`
  }
}

const analytics = (seed: number) => ({
  economicRelevance: round(0.55 + seed * 0.07),
  impactSeverity: round(0.62 + seed * 0.05),
  scope: 0.7,
  timeHorizon: 0.45,
  socioPoliticalSensitivity: round(0.48 + seed * 0.04),
  culturalSignificance: 0.2,
  ethicalControversy: 0.31,
  novelty: 0.58,
  biasIntensity: 0.22,
  propagandaIntensity: 0.08,
  detectedDomain: 'Trade policy',
  contextInference: 'A tariff decision framed as a response to state subsidies.',
  historicalContext: 'Follows an anti-subsidy investigation opened the previous year.',
  marketOrPolicyImpact: 'Import prices rise; manufacturers may shift production.',
  biasOrAgenda: '',
  propagandaIndicators: '',
})

function round(n: number): number {
  return Math.round(n * 100) / 100
}

const tariffText =
  'EU imposes provisional tariffs on Chinese electric vehicles\n\nBRUSSELS — The European Commission on Tuesday imposed provisional duties of up to 38% on electric vehicles imported from China. ' +
  'Beijing said it would take all necessary measures to defend its companies. Carmakers including BYD and SAIC will pay the duties from July.'

function frame(parentId: string, index: number, total: number, kind: 'tariff' | 'retaliation' | 'payment', status = 'final') {
  const base = {
    tariff: {
      actionType: 'impose_tariff',
      actionDescription: 'The European Commission imposed provisional duties of up to 38% on Chinese electric vehicles.',
      summary: 'Duties on Chinese EV imports take effect.',
      temporality: 'past',
      actors: [
        { text: 'European Commission', role: 'initiator', affect: 'assertive', influence: 0.9, motivation: 'counter state subsidies' },
        { text: 'China', role: 'target', affect: 'negative', influence: 0.85, motivation: 'protect exporters' },
        { text: 'BYD', role: 'affected', affect: 'negative', influence: 0.5, motivation: 'market access' },
      ],
      resources: [{ text: 'provisional duties of up to 38%', type: 'policy instrument', state: 'provisional', usage: 'raise import prices' }],
      outcome: 'Higher prices for Chinese-built EVs in the EU',
      magnitude: 0.74,
      urgency: 0.78,
      confidence: 0.86,
    },
    retaliation: {
      actionType: 'threaten_retaliation',
      actionDescription: 'Beijing said it would take all necessary measures to defend its companies.',
      summary: 'China signals countermeasures.',
      temporality: 'future',
      actors: [{ text: 'China', role: 'initiator', affect: 'hostile', influence: 0.85, motivation: 'defend national champions' }],
      resources: [{ text: 'trade countermeasures', type: 'policy instrument', state: 'planned', usage: 'retaliate' }],
      outcome: 'Risk of an escalating trade dispute',
      magnitude: 0.55,
      urgency: 0.52,
      confidence: 0.71,
    },
    payment: {
      actionType: 'pay_duties',
      actionDescription: 'Carmakers including BYD and SAIC will pay the duties from July.',
      summary: 'Exporters start paying duties in July.',
      temporality: 'future',
      actors: [
        { text: 'BYD', role: 'subject', affect: 'negative', influence: 0.5, motivation: 'keep EU sales' },
        { text: 'SAIC', role: 'subject', affect: 'negative', influence: 0.45, motivation: 'keep EU sales' },
      ],
      resources: [{ text: 'import duties', type: 'money', state: 'due', usage: 'customs payment' }],
      outcome: 'Margins on EU exports shrink',
      magnitude: 0.35,
      urgency: 0.31,
      confidence: 0.64,
    },
  }[kind]
  return {
    id: `${parentId}-f${index}`,
    parentId,
    status,
    actionIndex: index,
    totalActions: total,
    actionType: base.actionType,
    actionDescription: base.actionDescription,
    summary: base.summary,
    temporality: base.temporality,
    actors: { entries: base.actors },
    resources: { entries: base.resources },
    result: {
      outcome: base.outcome,
      description: base.outcome,
      impacts: [{ effect: base.outcome, magnitude: base.magnitude, description: 'Estimated from the text' }],
    },
    metadata: {
      confidence: base.confidence,
      veracity: 0.8,
      relevance: 0.77,
      noveltyScore: 0.4,
      sentiment: -0.3,
      businessDomain: 'Automotive',
      tags: ['trade', 'tariffs', 'EV', 'EU', 'China'],
    },
    confidence: base.confidence,
    urgency: { score: base.urgency, justification: 'Takes effect within weeks' },
  }
}

/** The full pipeline for one document, as the server emits it. */
function happyDocument(log: Log, eventId: string, opts: { filename?: string; frames?: number; connections?: boolean; title?: string; summary?: string } = {}) {
  const frames = opts.frames ?? 3
  const title = opts.title ?? 'EU imposes provisional tariffs on Chinese electric vehicles'
  const aiSummary = opts.summary ?? 'The European Commission imposed provisional duties of up to 38% on Chinese-built EVs. Beijing vowed to defend its companies.'
  const payload = opts.filename ? { originalFilename: opts.filename, fileType: 'application/pdf', fileSize: 482_113 } : { fileType: 'text/plain', fileSize: tariffText.length }
  log.msg('genesis-event-skeleton', { eventId, eventType: opts.filename ? 'document' : 'text', payload, uploadedAt: '2026-11-20T09:00:00.000Z' })
  log.msg('status-update', { eventId, phase: 'structuring-started' })
  log.msg('genesis-event-summary', {
    eventId,
    title,
    summary: 'The Commission imposed duties of up to 38% on Chinese EVs; Beijing vowed countermeasures.',
  })
  log.msg('status-update', { eventId, phase: 'structuring-completed' })
  log.msg('document-ready', {
    eventId,
    title,
    summary: 'The Commission imposed duties of up to 38% on Chinese EVs; Beijing vowed countermeasures.',
    payload: {
      ...payload,
      aiTitle: title,
      aiSummary,
      cleanedContent: tariffText,
      knowledgeArea: 'Trade policy',
      detectedEntities: ['European Commission', 'China', 'BYD', 'SAIC', 'Brussels'],
      analysisStatus: 'completed',
      parsingStatus: 'completed',
    },
    analytics: analytics(1),
  })
  log.msg('action-analysis-started', { eventId })
  log.msg('status-update', { eventId, phase: 'decomposition-started' })
  log.msg('action-analysis-complete', { eventId, status: 'actions-found', actionCount: frames })
  log.msg('action-frames-detected', { eventId, count: frames })
  const kinds = ['tariff', 'retaliation', 'payment'] as const
  for (let i = 1; i <= frames; i++) {
    const f = frame(eventId, i, frames, kinds[(i - 1) % 3] as (typeof kinds)[number])
    log.msg('action-frame-created', { frameId: f.id, parentId: eventId, frame: f })
  }
  log.msg('action-frame-updated', { frameId: `${eventId}-f1`, updates: { confidence: 0.9, urgency: { score: 0.81, justification: 'Duties apply from July' } } })
  if (opts.connections) {
    log.msg('connection-updated', {
      connection: { id: `${eventId}-c1`, type: 'shared_actor', participants: [`${eventId}-f1`, `${eventId}-f2`], status: 'Active', confidence: 0.66 },
    })
    log.msg('connection-updated', {
      connection: { id: `${eventId}-c1`, type: 'shared_actor', participants: [`${eventId}-f1`, `${eventId}-f2`], status: 'Active', confidence: 0.74 },
    })
  }
  log.msg('status-update', { eventId, phase: 'decomposition-completed' })
  log.msg('processing-complete', { eventId, actionCount: frames })
}

const scenarios: Record<string, () => string> = {
  'demo-workspace': () => {
    // What `npm start` shows until the server exists: a busy workspace, interleaved as it would arrive.
    const logs = [new Log('s-demo-00000042'), new Log('s-demo-00000042'), new Log('s-demo-00000042'), new Log('s-demo-00000042')]
    happyDocument(logs[0] as Log, 'ev-demo-tariffs', { filename: 'eu-ev-tariffs.pdf', connections: true })
    happyDocument(logs[1] as Log, 'ev-demo-brief', {
      frames: 2,
      title: 'Beijing weighs countermeasures after EU vehicle duties',
      summary: 'Chinese officials signalled retaliation against EU exports while carmakers prepare to pay the new duties.',
    })
    const l2 = logs[2] as Log
    l2.msg('genesis-event-skeleton', { eventId: 'ev-demo-scan', eventType: 'document', payload: { originalFilename: 'scanned-letter.pdf', fileType: 'application/pdf', fileSize: 2_411_724 } })
    l2.msg('status-update', { eventId: 'ev-demo-scan', phase: 'structuring-started' })
    l2.msg('processing-error', { eventId: 'ev-demo-scan', error: 'Failed to parse document', filename: 'scanned-letter.pdf' })
    const l3 = logs[3] as Log
    l3.msg('genesis-event-skeleton', { eventId: 'ev-demo-weather', eventType: 'text', payload: { fileType: 'text/plain', fileSize: 164 } })
    l3.msg('genesis-event-summary', { eventId: 'ev-demo-weather', title: 'Mild week ahead for shipping lanes', summary: 'Forecasters expect light winds across the North Sea.' })
    l3.msg('document-ready', {
      eventId: 'ev-demo-weather',
      payload: {
        aiTitle: 'Mild week ahead for shipping lanes',
        aiSummary: 'Forecasters expect light winds and calm seas across the North Sea this week.',
        cleanedContent: 'Mild week ahead for shipping lanes\nForecasters expect light winds.',
        knowledgeArea: 'Logistics',
      },
      analytics: { scope: 0.2, impactSeverity: 0.1 },
    })
    l3.msg('action-analysis-started', { eventId: 'ev-demo-weather' })
    l3.msg('action-analysis-complete', { eventId: 'ev-demo-weather', status: 'no-actions-found', actionCount: 0 })
    // Interleave the four documents' messages round-robin, renumbering ids as one session log would.
    const queues = logs.map((l) => l.lines.map((line) => JSON.parse(line) as Msg))
    const out: string[] = []
    let id = 1
    while (queues.some((q) => q.length > 0)) {
      for (const q of queues) {
        const m = q.shift()
        if (m) out.push(JSON.stringify({ ...m, id: String(id++) }))
      }
    }
    return `${out.join('\n')}\n`
  },

  'single-document-happy-path': () => {
    const log = new Log('s-happy-000001')
    happyDocument(log, 'ev-tariffs', { filename: 'eu-ev-tariffs.pdf', connections: true })
    return log.text()
  },

  'no-actions-found': () => {
    const log = new Log('s-noact-000002')
    const eventId = 'ev-weather'
    log.msg('genesis-event-skeleton', { eventId, eventType: 'text', payload: { fileType: 'text/plain', fileSize: 120 } })
    log.msg('genesis-event-summary', { eventId, title: 'Mild weather expected', summary: 'Forecasters expect a mild week.' })
    log.msg('document-ready', {
      eventId,
      payload: { cleanedContent: 'Mild weather expected this week\nForecasters expect a mild week with light winds.' },
      analytics: { scope: 0.1, impactSeverity: 0.05 },
    })
    log.msg('action-analysis-started', { eventId })
    log.msg('action-analysis-complete', { eventId, status: 'no-actions-found', actionCount: 0 })
    return log.text()
  },

  'duplicate-delivery': () => {
    // A reconnect whose resume overlaps what was already received, plus a frame sent twice.
    const log = new Log('s-dupes-000003')
    const eventId = 'ev-dupes'
    const sent: Msg[] = []
    sent.push(log.msg('genesis-event-skeleton', { eventId, eventType: 'text' }))
    sent.push(log.msg('genesis-event-summary', { eventId, title: 'Tariffs announced', summary: 'Duties of up to 38%.' }))
    const f1 = frame(eventId, 1, 2, 'tariff')
    sent.push(log.msg('action-frame-created', { frameId: f1.id, parentId: eventId, frame: f1 }))
    for (const m of sent) log.again(m)
    const f2 = frame(eventId, 2, 2, 'retaliation')
    const created2 = log.msg('action-frame-created', { frameId: f2.id, parentId: eventId, frame: f2 })
    log.again(created2)
    const done = log.msg('processing-complete', { eventId, actionCount: 2 })
    log.again(done)
    log.again(sent[0] as Msg)
    return log.text()
  },

  'out-of-order-frames': () => {
    const log = new Log('s-order-000004')
    const eventId = 'ev-order'
    log.msg('genesis-event-skeleton', { eventId, eventType: 'text' })
    log.msg('action-frames-detected', { eventId, count: 3 })
    const [f1, f2, f3] = [frame(eventId, 1, 3, 'tariff'), frame(eventId, 2, 3, 'retaliation'), frame(eventId, 3, 3, 'payment')]
    log.msg('action-frame-created', { frameId: f3.id, parentId: eventId, frame: f3 })
    // An update that overtook its frame's creation waits for it.
    log.msg('action-frame-updated', { frameId: f1.id, updates: { actionType: 'impose_duties', confidence: 0.93 } })
    log.msg('action-frame-created', { frameId: f1.id, parentId: eventId, frame: f1 })
    log.msg('action-frame-created', { frameId: f2.id, parentId: eventId, frame: f2 })
    log.msg('processing-complete', { eventId, actionCount: 3 })
    return log.text()
  },

  'frame-before-parent': () => {
    const log = new Log('s-orphan-000005')
    const eventId = 'ev-late-parent'
    const f1 = frame(eventId, 1, 1, 'payment')
    log.msg('action-frame-created', { frameId: f1.id, parentId: eventId, frame: f1 })
    log.msg('genesis-event-skeleton', { eventId, eventType: 'text' })
    log.msg('processing-complete', { eventId, actionCount: 1 })
    return log.text()
  },

  'unknown-message-type': () => {
    const log = new Log('s-unknown-00006')
    const eventId = 'ev-unknown'
    log.msg('genesis-event-skeleton', { eventId, eventType: 'text' })
    log.msg('quantum-entanglement-detected', { eventId, qubits: 7 })
    log.raw(JSON.stringify({ sessionId: 's-unknown-00006', id: 'x', data: { eventId } }))
    log.msg('processing-complete', { eventId, actionCount: 0 })
    return log.text()
  },

  'malformed-json': () => {
    const log = new Log('s-malformed-007')
    const eventId = 'ev-malformed'
    log.msg('genesis-event-skeleton', { eventId, eventType: 'text' })
    log.raw('{"type":"genesis-event-summary","sessionId":"s-malformed-007","id":"90","data":{"eventId":"ev-malformed","title":"Trunc')
    log.raw('[1,2,3]')
    log.raw('"just a string"')
    log.msg('action-frame-created', { parentId: eventId, frame: { actionType: 'orphan_without_id' } })
    log.msg('action-frame-created', { frameId: 'ev-malformed-f9', frame: { actionType: 'no_parent' } })
    log.msg('processing-complete', { eventId, actionCount: 'three' })
    log.msg('genesis-event-summary', { eventId, title: 'Tariffs on EVs', summary: 'Duties of up to 38% on Chinese EVs.' })
    log.msg('processing-complete', { eventId, actionCount: 0 })
    return log.text()
  },

  'pascal-case-payloads': () => {
    // An older server that spells every field in PascalCase.
    const lines = [
      {
        Type: 'genesis-event-skeleton',
        SessionId: 's-pascal-000008',
        ID: '1',
        Data: {
          EventId: 'ev-pascal',
          EventType: 'document',
          Payload: { OriginalFilename: 'Quarterly Outlook.docx', FileType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', FileSize: 1_572_864 },
        },
      },
      {
        type: 'document-ready',
        SessionId: 's-pascal-000008',
        Id: '2',
        Data: {
          EventId: 'ev-pascal',
          Payload: {
            AITitle: 'Quarterly outlook: chip demand stays strong',
            AISummary: 'Demand for AI accelerators keeps order books full into next year.',
            KnowledgeArea: 'Semiconductors',
            CleanedContent: 'Quarterly outlook\nDemand for accelerators stays strong.',
          },
          Analytics: { EconomicRelevance: 0.83, ImpactSeverity: 0.44, Novelty: 0.61, DetectedDomain: 'Technology' },
        },
      },
      {
        Type: 'action-frame-created',
        SessionId: 's-pascal-000008',
        Id: '3',
        Data: {
          FrameId: 'ev-pascal-f1',
          ParentId: 'ev-pascal',
          Frame: {
            Status: 'draft',
            ActionIndex: 1,
            TotalActions: 1,
            ActionType: 'raise_guidance',
            ActionDescription: 'The company raised its revenue guidance.',
            Actors: { Entries: [{ Text: 'Company', Role: 'initiator' }] },
            Urgency: { Score: 0.42 },
          },
        },
      },
      { Type: 'processing-complete', SessionId: 's-pascal-000008', Id: '4', Data: { EventId: 'ev-pascal', ActionCount: 1 } },
    ]
    return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`
  },

  'reprocess-succeeds': () => {
    const log = new Log('s-repro-000009')
    happyDocument(log, 'ev-repro', { filename: 'brief.pdf', frames: 1 })
    const eventId = 'ev-repro'
    log.msg('genesis_event_updated', { eventId, trigger: 'manual_reprocess', stage: 'starting', percentage: 0 })
    log.msg('genesis_event_updated', { eventId, trigger: 'manual_reprocess', stage: 'ai_enrichment', percentage: 40 })
    log.msg('genesis_event_updated', { eventId, trigger: 'manual_reprocess', stage: 'updating_payload', percentage: 80 })
    log.msg('genesis_event_updated', {
      eventId,
      trigger: 'manual_reprocess',
      stage: 'completed',
      percentage: 100,
      updatedData: {
        title: 'EU duties on Chinese EVs take effect in July',
        summary: 'Provisional duties of up to 38% apply from July; Beijing weighs countermeasures.',
        payload: {
          originalFilename: 'brief.pdf',
          fileType: 'application/pdf',
          fileSize: 482_113,
          aiTitle: 'EU duties on Chinese EVs take effect in July',
          aiSummary: 'Provisional duties of up to 38% apply from July; Beijing weighs countermeasures.',
          knowledgeArea: 'Trade policy',
        },
        analytics: analytics(2),
      },
    })
    return log.text()
  },

  'reprocess-fails-midway': () => {
    const log = new Log('s-reprofail-010')
    happyDocument(log, 'ev-reprofail', { frames: 2 })
    const eventId = 'ev-reprofail'
    log.msg('genesis_event_updated', { eventId, trigger: 'manual_reprocess', stage: 'starting', percentage: 0 })
    log.msg('genesis_event_updated', { eventId, trigger: 'manual_reprocess', stage: 'ai_enrichment', percentage: 35 })
    log.msg('genesis_event_updated', { eventId, trigger: 'manual_reprocess', stage: 'failed', percentage: 35, error: 'AI provider timed out (AI_TIMEOUT)' })
    return log.text()
  },

  'error-midway': () => {
    const log = new Log('s-error-0000011')
    log.msg('genesis-event-skeleton', { eventId: 'ev-corrupt', eventType: 'document', payload: { originalFilename: 'scan.pdf', fileType: 'application/pdf', fileSize: 2048 } })
    log.msg('status-update', { eventId: 'ev-corrupt', phase: 'structuring-started' })
    log.msg('processing-error', { eventId: 'ev-corrupt', error: 'Failed to parse document', filename: 'scan.pdf' })
    log.msg('genesis-event-skeleton', { eventId: 'ev-silent', eventType: 'text' })
    log.msg('genesis-event-summary', { eventId: 'ev-silent', title: 'Port strike enters second week', summary: 'Dock workers extend the strike.' })
    log.msg('processing-error', { eventId: 'ev-silent' })
    return log.text()
  },

  'interleaved-documents': () => {
    const log = new Log('s-inter-0000012')
    const a = 'ev-a-pdf'
    const b = 'ev-b-text'
    const c = 'ev-c-rss'
    log.msg('genesis-event-skeleton', { eventId: a, eventType: 'document', payload: { originalFilename: 'annual-report-2026.pdf', fileType: 'application/pdf', fileSize: 8_734_112 } })
    log.msg('genesis-event-skeleton', { eventId: b, eventType: 'text', payload: { fileType: 'text/plain', fileSize: 812 } })
    log.msg('genesis-event-summary', { eventId: b, title: 'Central bank holds rates', summary: 'The bank kept its main rate at 4% and signalled patience.' })
    log.msg('genesis-event-skeleton', { eventId: c, eventType: 'rss', payload: { title: 'Wind farm approved off the north coast' } })
    log.msg('status-update', { eventId: a, phase: 'structuring-started' })
    log.msg('document-ready', { eventId: b, payload: { aiTitle: 'Central bank holds rates at 4%', aiSummary: 'Rates unchanged; guidance cautious.' }, analytics: { economicRelevance: 0.91 } })
    log.msg('genesis-event-summary', { eventId: c, title: 'Wind farm approved', summary: 'Regulators approved a 1.2 GW offshore wind farm.' })
    log.msg('action-analysis-started', { eventId: b })
    log.msg('status-update', { eventId: a, phase: 'vectorizing' })
    log.msg('action-analysis-complete', { eventId: b, status: 'actions-found', actionCount: 1 })
    const fb = { ...frame(b, 1, 1, 'payment'), actionType: 'hold_rates', actionDescription: 'The central bank kept its main rate at 4%.' }
    log.msg('action-frame-created', { frameId: fb.id, parentId: b, frame: fb })
    log.msg('document-ready', { eventId: c, payload: { aiTitle: 'Regulators approve 1.2 GW offshore wind farm', knowledgeArea: 'Energy' }, analytics: { scope: 0.6 } })
    log.msg('processing-complete', { eventId: b, actionCount: 1 })
    log.msg('action-analysis-started', { eventId: c })
    log.msg('action-analysis-complete', { eventId: c, status: 'no-actions-found', actionCount: 0 })
    log.msg('status-update', { eventId: a, phase: 'structuring-completed' })
    log.msg('genesis-event-summary', { eventId: a, title: 'Annual report 2026', summary: 'Revenue up 12%, guidance raised.' })
    return log.text()
  },

  'session-load-then-live': () => {
    // The app loads the session through the API, then live messages continue it.
    const sessionId = 's-load-00000013'
    const lines: unknown[] = [
      { recording: 1, protocol: 1, sessionId, note: 'session load followed by live messages' },
      {
        source: 'api',
        at: 1_763_629_200_000,
        route: `GET /researches/r-load/sessions/${sessionId}/data`,
        body: {
          Events: [
            {
              ID: 'ev-l1',
              EventType: 'document',
              Title: 'Untitled Document',
              Status: 'processing',
              Payload: { OriginalFilename: 'minutes.pdf', FileSize: 12_288 },
              IngestedAt: '2026-11-19T10:00:00Z',
            },
            { ID: 'ev-l2', EventType: 'rss', Status: 'completed', Payload: { Title: 'Processing' } },
            { ID: 'ev-l3', EventType: 'news_article', Payload: { AITitle: 'Grid operator warns of winter shortfall', AISummary: 'Reserve margins are thin.' } },
            { ID: 'ev-l4', EventType: 'text', Status: 'error', Error: 'Failed to parse document' },
          ],
          ActionFrames: [
            { ID: 'ev-l3-f1', ParentEventId: 'ev-l3', ActionIndex: 1, TotalActions: 2, ActionType: 'issue_warning' },
            { ID: 'ev-l3-f2', ParentId: 'ev-l3', ActionIndex: 2, TotalActions: 2, Status: 'final', ActionType: 'request_reserves' },
            { ActionType: 'no_id_frame', ParentId: 'ev-l3' },
          ],
          LiveCursor: '41',
        },
      },
      { source: 'ws', at: 1_763_629_201_000, message: { type: 'genesis-event-skeleton', sessionId, id: '41', data: { eventId: 'ev-l-stale' } } },
      { source: 'ws', at: 1_763_629_202_000, message: { type: 'genesis-event-skeleton', sessionId, id: '42', data: { eventId: 'ev-l5', eventType: 'text' } } },
      {
        source: 'ws',
        at: 1_763_629_203_000,
        message: { type: 'genesis-event-summary', sessionId, id: '43', data: { eventId: 'ev-l5', title: 'Ministers agree on grid levy', summary: 'A levy will fund new interconnectors.' } },
      },
      {
        source: 'ws',
        at: 1_763_629_204_000,
        message: { type: 'genesis-event-summary', sessionId: 's-other-session', id: '99', data: { eventId: 'ev-elsewhere', title: 'Another workspace', summary: 'Not ours.' } },
      },
      { source: 'ws', at: 1_763_629_205_000, message: { type: 'processing-complete', sessionId, id: '44', data: { eventId: 'ev-l5', actionCount: 0 } } },
    ]
    return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`
  },

  'frame-status-rules': () => {
    const log = new Log('s-status-000014')
    const eventId = 'ev-status'
    log.msg('genesis-event-skeleton', { eventId, eventType: 'plain_text' })
    const statuses = ['draft', 'final', 'processing', 'weird-status']
    statuses.forEach((status, i) => {
      const f = frame(eventId, i + 1, statuses.length, 'tariff', status)
      log.msg('action-frame-created', { frameId: f.id, parentId: eventId, frame: f })
    })
    log.msg('action-frame-updated', { frameId: `${eventId}-f1`, updates: { status: 'final', actionType: 'impose_tariff_confirmed' } })
    log.msg('processing-complete', { eventId, actionCount: statuses.length })
    return log.text()
  },
}

export function writeFixtures(): string[] {
  mkdirSync(root, { recursive: true })
  const names: string[] = []
  for (const [name, build] of Object.entries(scenarios)) {
    writeFileSync(join(root, `${name}.jsonl`), build())
    names.push(name)
  }
  return names
}

/** Golden read models for every recording in fixtures/: the composed scenarios and the recorded ones. */
async function writeExpected(): Promise<void> {
  const { readFileSync, readdirSync } = await import('node:fs')
  const names = readdirSync(root)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => f.replace(/\.jsonl$/, ''))
  const { replayRecording, summarizeReplay } = await import('../src/streams/replay')
  mkdirSync(join(root, 'expected'), { recursive: true })
  for (const name of names) {
    const summary = summarizeReplay(replayRecording(readFileSync(join(root, `${name}.jsonl`), 'utf8')))
    writeFileSync(join(root, 'expected', `${name}.json`), `${JSON.stringify(summary, null, 2)}\n`)
  }
}

const names = writeFixtures()
if (process.argv.includes('--expected')) await writeExpected()
console.log(`wrote ${names.length} recordings to fixtures/`)
