/**
 * Deterministic workspace data for `bench:ui`: a session-data answer as `GET …/sessions/{sid}/data`
 * sends it (server/modules/session-data/queries.ts `toGenesisEvent` / `toActionFrame` shapes, camelCase), and the wire
 * text of `action-frame-updated` messages as the live channel delivers them. Same seed, same bytes.
 */

export const BENCH_TENANT = 'bench.example'
export const BENCH_RESEARCH = 'res_bench'
export const BENCH_SESSION = 'ses_bench'
/** The live-log id the snapshot reflects; live updates continue after it. */
export const BENCH_LIVE_CURSOR = 100_000

export function documentId(n: number): string {
  return `evt_${String(n).padStart(5, '0')}`
}

export function frameId(doc: number, index: number): string {
  return `${documentId(doc)}-af${String(index).padStart(2, '0')}`
}

/** One page holding the whole session: `documents` completed documents with `framesPerDocument` final frames each. */
export function sessionDataBody(documents: number, framesPerDocument: number, seed = 1) {
  const rand = mulberry32(seed)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T
  const score = () => Math.round(rand() * 100) / 100
  const base = Date.UTC(2026, 2, 1, 8, 0, 0)
  const events = []
  const actionFrames = []
  for (let d = 0; d < documents; d++) {
    const id = documentId(d)
    const place = pick(PLACES)
    const actor = pick(ACTORS)
    const topic = pick(TOPICS)
    const area = pick(AREAS)
    const aiTitle = `${actor} ${pick(HEADLINE_VERBS)} ${topic} in ${place}`
    const aiSummary = `${actor} ${pick(VERBS)} ${topic} worth ${Math.floor(rand() * 900) + 10} million euros, according to ${pick(SOURCES)}. ${pick(ACTORS)} responded that ${pick(OBJECTS)} would follow by ${2026 + Math.floor(rand() * 4)}, while analysts expect effects on ${pick(OBJECTS)}.`
    const entities = Array.from({ length: 4 + Math.floor(rand() * 8) }, () => {
      const kind = rand() < 0.5 ? 'organization' : rand() < 0.5 ? 'location' : 'person'
      return { text: kind === 'organization' ? pick(ACTORS) : kind === 'location' ? pick(PLACES) : pick(PEOPLE), type: kind, salience: score() }
    })
    const analytics = {
      economicRelevance: score(),
      impactSeverity: score(),
      scope: score(),
      timeHorizon: score(),
      socioPoliticalSensitivity: score(),
      culturalSignificance: score(),
      ethicalControversy: score(),
      novelty: score(),
      biasIntensity: score(),
      propagandaIntensity: score(),
      detectedDomain: area,
      contextInference: `${actor} is acting on ${topic} amid pressure from ${pick(ACTORS)}.`,
      marketOrPolicyImpact: `Expect changes to ${pick(OBJECTS)} in ${place}.`,
    }
    const uploaded = new Date(base + d * 61_000).toISOString()
    events.push({
      id,
      type: 'document',
      eventType: 'document',
      title: aiTitle,
      summary: aiSummary,
      status: 'completed',
      payload: {
        originalFilename: `${place.toLowerCase().replace(/\s+/g, '-')}-${topic.replace(/\s+/g, '-')}-${d}.pdf`,
        fileType: 'application/pdf',
        fileSize: 80_000 + Math.floor(rand() * 4_000_000),
        aiTitle,
        aiSummary,
        cleanedContent: `${aiTitle}\n\n${aiSummary} ${pick(ACTORS)} ${pick(VERBS)} ${pick(OBJECTS)} near ${pick(PLACES)}.`,
        analysisStatus: 'completed',
        parsingStatus: 'completed',
        knowledgeArea: area,
        detectedEntities: entities,
        ...analytics,
      },
      analytics,
      uploadedAt: uploaded,
      ingestedAt: uploaded,
      error: null,
      actionCount: framesPerDocument,
      sessionId: BENCH_SESSION,
      researchId: BENCH_RESEARCH,
      projectId: null,
      dataSourceId: 'src_bench',
    })
    for (let f = 1; f <= framesPerDocument; f++) {
      const actors = Array.from({ length: 1 + Math.floor(rand() * 4) }, (_, i) => ({
        text: i === 0 ? actor : pick(ACTORS),
        role: i === 0 ? 'initiator' : pick(ROLES),
        affect: pick(AFFECTS),
        influence: score(),
        motivation: pick(MOTIVATIONS),
      }))
      const actionType = pick(ACTION_TYPES)
      const confidence = score()
      actionFrames.push({
        actionType,
        actionDescription: `${actors[0]?.text} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(TAILS)} ${pick(PLACES)}.`,
        temporality: pick(TEMPORALITIES),
        actors: { entries: actors },
        resources: { entries: [{ text: pick(RESOURCES), type: pick(RESOURCE_TYPES), state: 'allocated', usage: 'support' }] },
        result: {
          outcome: `${pick(OBJECTS)} ${pick(OUTCOMES)}`,
          description: `Officials expect ${pick(OBJECTS)} to be affected within ${1 + Math.floor(rand() * 11)} months.`,
          impacts: [{ effect: `${pick(OBJECTS)} ${pick(OUTCOMES)}`, magnitude: score(), description: pick(['low', 'medium', 'high']) }],
        },
        metadata: {
          confidence,
          veracity: score(),
          relevance: score(),
          noveltyScore: score(),
          sentiment: Math.round((rand() * 2 - 1) * 100) / 100,
          businessDomain: area,
          tags: [topic, area.toLowerCase()],
        },
        confidence,
        urgency: { score: score(), justification: pick(['within days', 'within weeks', 'this quarter', 'long term']) },
        id: frameId(d, f),
        parentId: id,
        parentEventId: id,
        status: 'final',
        actionIndex: f,
        totalActions: framesPerDocument,
        tenantId: BENCH_TENANT,
        sessionId: BENCH_SESSION,
        researchId: BENCH_RESEARCH,
        updatedAt: new Date(base + d * 61_000 + f * 900).toISOString(),
      })
    }
  }
  return { events, actionFrames, eventsContinuationToken: null, framesContinuationToken: null, liveCursor: String(BENCH_LIVE_CURSOR) }
}

/** The n-th live `action-frame-updated` frame's text: new confidence and urgency for one frame. */
export function frameUpdateText(n: number, target: string): string {
  const confidence = 0.4 + ((n * 7) % 59) / 100
  const urgency = 0.2 + ((n * 13) % 79) / 100
  return JSON.stringify({
    type: 'action-frame-updated',
    sessionId: BENCH_SESSION,
    id: String(BENCH_LIVE_CURSOR + 1 + n),
    data: { frameId: target, updates: { confidence, urgency: { score: urgency, justification: 'revised on new reporting' } } },
  })
}

/** What the updated frame card shows for update n: its confidence as `percent()` formats it. */
export function frameUpdateConfidenceText(n: number): string {
  return `confidence ${Math.round((0.4 + ((n * 7) % 59) / 100) * 100)}%`
}

function mulberry32(a: number): () => number {
  return () => {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ACTORS = [
  'European Commission',
  'Siemens',
  'Bank of England',
  'Maersk',
  'World Health Organization',
  'Toyota',
  'Kenyan government',
  'Shell',
  'Indian finance ministry',
  'Airbus',
  'City of Lyon',
  'Petrobras',
  'Port of Rotterdam',
  'IMF',
] as const
const PEOPLE = ['Anna Schmidt', 'Rahul Mehta', 'Grace Wanjiru', 'Luis Ortega', 'Mei Chen', 'Tom Becker'] as const
const PLACES = ['Brussels', 'Berlin', 'Nairobi', 'Mumbai', 'Rotterdam', 'Lyon', 'Sao Paulo', 'Tokyo', 'London', 'Jakarta'] as const
const TOPICS = ['export tariffs', 'a hydrogen terminal', 'a rail link', 'battery supply', 'vaccine production', 'grid expansion', 'a loan programme', 'port capacity'] as const
const AREAS = ['Trade', 'Energy', 'Finance', 'Health', 'Transport', 'Industry', 'Politics'] as const
const HEADLINE_VERBS = ['announces', 'approves', 'suspends', 'expands', 'cuts', 'reviews'] as const
const VERBS = ['approved', 'announced', 'signed', 'suspended', 'launched', 'cut', 'invested in', 'blocked', 'acquired', 'delayed'] as const
const OBJECTS = [
  'new export tariffs',
  'the hydrogen terminal',
  'a loan programme',
  'the port expansion',
  'a vaccine plant',
  'the battery factory',
  'a solar park',
  'the merger',
  'a wage agreement',
  'freight rates',
] as const
const TAILS = ['near', 'outside', 'for customers in', 'across the region around', 'after talks in'] as const
const SOURCES = ['officials', 'a statement', 'people familiar with the plan', 'local media', 'the company'] as const
const OUTCOMES = ['rise', 'fall', 'are delayed', 'are cancelled', 'stabilise'] as const
const ACTION_TYPES = ['announce_measure', 'sign_agreement', 'allocate_funds', 'impose_sanction', 'launch_project', 'suspend_operations'] as const
const ROLES = ['target', 'beneficiary', 'partner', 'regulator'] as const
const AFFECTS = ['positive', 'neutral', 'negative'] as const
const MOTIVATIONS = ['policy', 'profit', 'security', 'public health', 'reputation'] as const
const TEMPORALITIES = ['past', 'ongoing', 'planned'] as const
const RESOURCES = ['EUR 2.4 billion', 'tariff schedule', 'satellite imagery', 'emergency credit line', '3,000 workers', 'grid capacity'] as const
const RESOURCE_TYPES = ['money', 'policy', 'information', 'people', 'infrastructure'] as const
