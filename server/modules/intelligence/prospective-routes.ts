/**
 * Prospective analysis (spec §7), computed from the caller's tenant's completed documents at the
 * server's time; the methods are stated in forecast.ts and sequences.ts and returned in `method`.
 *
 * - POST /prospective/forecast: Holt's forecast of a daily series (signals, or one entity's mentions).
 * - POST /prospective/backtest: rolling-origin errors of that forecast against the naive one.
 * - POST /prospective/predict-from-seed {frameId}: the action types that follow the seed frame's type.
 * - POST /prospective/motifs:extract: frequent runs of action types across participants.
 *
 * 404: an entity of the tenant by that name (metric mentions), a frame of the tenant by that id, a
 * research or project of the tenant by that contextId. 400: metric mentions without an entity, a
 * backtest without a single origin, motifs with maxLength < minLength.
 */
import type { FastifyInstance } from 'fastify'
import { backtestContract, forecastContract, motifsContract, predictFromSeedContract } from '../../../src/protocol/http/intelligence'
import type { SeriesSelector } from '../../../src/protocol/intelligence'
import type { ModuleDeps } from '../../platform/module'
import { authOf } from '../../platform/auth/plugin'
import type { Queryable } from '../../platform/db/database'
import { route } from '../../platform/http/contracts'
import { notFound, validation } from '../../platform/http/errors'
import { type Corpus, loadCorpus } from './corpus'
import { BACKTEST_METHOD, backtest, forecastSeries, HOLT_METHOD, holtParameters, mentionSeries, signalSeries } from './forecast'
import { extractMotifs, MOTIFS_METHOD, participantSequences, predictNext, TRANSITIONS_METHOD } from './sequences'

export async function prospectiveRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, clock } = deps

  route(app, forecastContract, async ({ body, request }) => {
    const { metric, entity, history } = await seriesOf(db, authOf(request).tenantId, body, clock.now())
    const { fit, forecast } = forecastSeries(history, body.horizonDays)
    return { method: HOLT_METHOD, parameters: holtParameters(fit), metric, entity, history, forecast }
  })

  route(app, backtestContract, async ({ body, request }) => {
    const { historyDays, horizonDays, minTrainDays } = body
    if (minTrainDays + horizonDays > historyDays) throw validation('minTrainDays', `minTrainDays + horizonDays must not exceed historyDays (${historyDays})`)
    const { history } = await seriesOf(db, authOf(request).tenantId, body, clock.now())
    const scores = backtest(
      history.map((p) => p.value),
      horizonDays,
      minTrainDays,
    )
    return { method: `${BACKTEST_METHOD}, ${horizonDays} day(s) ahead`, ...scores }
  })

  route(app, predictFromSeedContract, async ({ body, request }) => {
    const tenantId = authOf(request).tenantId
    const actionType = await actionTypeOf(db, tenantId, body.frameId)
    if (actionType === null) throw notFound('Action frame')
    const sequences = participantSequences(await loadCorpus(db, tenantId))
    return { seed: { frameId: body.frameId, actionType }, method: TRANSITIONS_METHOD, ...predictNext(sequences, actionType, body.limit) }
  })

  route(app, motifsContract, async ({ body, request }) => {
    const { minLength, maxLength, minSupport, limit, contextId } = body
    if (maxLength < minLength) throw validation('maxLength', 'must not be less than minLength')
    const corpus = await contextCorpus(db, authOf(request).tenantId, contextId)
    const sequences = participantSequences(corpus)
    return { method: MOTIFS_METHOD, sequences: sequences.length, motifs: extractMotifs(sequences, { minSupport, minLength, maxLength, limit }) }
  })
}

/** The daily series a selector names, over its history days ending today. */
async function seriesOf(db: Queryable, tenantId: string, selector: SeriesSelector, now: number) {
  if (selector.metric === 'mentions' && !selector.entity) throw validation('entity', 'an entity name is required for metric mentions')
  const corpus = await contextCorpus(db, tenantId, selector.contextId)
  if (selector.metric === 'signals') return { metric: selector.metric, entity: null, history: signalSeries(corpus, now, selector.historyDays) }
  const entity = corpus.entities.resolve(selector.entity!)
  if (!entity) throw notFound(`Entity "${selector.entity}"`)
  return { metric: selector.metric, entity: entity.name, history: mentionSeries(corpus, entity, now, selector.historyDays) }
}

/** The tenant's corpus, within a research or project when a context is given (404 when it is not the tenant's). */
async function contextCorpus(db: Queryable, tenantId: string, contextId: string | null | undefined): Promise<Corpus> {
  if (contextId) {
    const found = await db.query(`SELECT id FROM researches WHERE tenant_id = $1 AND id = $2 UNION ALL SELECT id FROM projects WHERE tenant_id = $1 AND id = $2`, [tenantId, contextId])
    if (found.length === 0) throw notFound('Research or project')
  }
  return loadCorpus(db, tenantId, { contextId })
}

/** The action type of one of the tenant's frames, or null when the tenant has no frame by that id. */
async function actionTypeOf(db: Queryable, tenantId: string, frameId: string): Promise<string | null> {
  const rows = await db.query<{ action_type: string | null; body_type: string | null }>(`SELECT action_type, body->>'actionType' AS body_type FROM action_frames WHERE tenant_id = $1 AND id = $2`, [
    tenantId,
    frameId,
  ])
  const row = rows[0]
  return row ? (row.action_type ?? row.body_type ?? 'unknown') : null
}
