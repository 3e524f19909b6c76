/**
 * Prospective analysis (spec §7), computed from the caller's tenant's completed documents at the
 * server's time; the methods are stated in forecast.ts and sequences.ts and returned in `method`.
 *
 * - POST /prospective/forecast: Holt's forecast of a daily series (signals, or one entity's mentions); a
 *   series with fewer than MIN_FORECAST_DAYS days of data is answered 200 with no forecast line and its
 *   dataDays and minimumDays, so the panel can say why (it is the data, not the request, that is short).
 * - POST /prospective/backtest: rolling-origin errors of that forecast against the naive one (no origin
 *   before the training days hold MIN_FORECAST_DAYS days of data: origins 0 says so, with the same figures).
 * - POST /prospective/predict-from-seed {frameId}: the action types that follow the seed frame's type.
 * - POST /prospective/motifs:extract: frequent runs of action types across participants.
 *
 * 404: an entity of the tenant by that name (metric mentions), a frame of the tenant by that id, a
 * research or project of the tenant by that contextId. 400: metric mentions without an entity, a
 * backtest without a single origin, motifs with maxLength < minLength.
 */
import type { FastifyInstance } from 'fastify'
import { backtestContract, forecastContract, motifsContract, predictFromSeedContract } from '../../../src/protocol/http/intelligence'
import type { ModuleDeps } from '../../platform/module'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { validation } from '../../platform/http/errors'
import { loadCorpus } from './corpus'
import { BACKTEST_METHOD, backtest, forecastSeries, HOLT_METHOD, holtParameters, MIN_FORECAST_DAYS } from './forecast'
import { extractMotifs, MOTIFS_METHOD, participantSequences, predictNext, TRANSITIONS_METHOD } from './sequences'
import { keptReads } from './read-cache'
import { actionTypeOf, contextCorpus, seriesOf } from './service'

export async function prospectiveRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, clock } = deps
  const kept = keptReads(db)
  const series = (tenantId: string, selector: Parameters<typeof seriesOf>[2]) => {
    const now = clock.now()
    const { metric, entity, historyDays, contextId } = selector
    return kept(tenantId, ['series', metric, entity ?? null, historyDays, contextId ?? null], () => seriesOf(db, tenantId, selector, now), now)
  }

  route(app, forecastContract, async ({ body, request }) => {
    const { metric, entity, history } = await series(authOf(request).tenantId, body)
    const { fit, forecast, dataDays } = forecastSeries(history, body.horizonDays)
    return { method: HOLT_METHOD, parameters: holtParameters(fit), metric, entity, history, forecast, dataDays, minimumDays: MIN_FORECAST_DAYS }
  })

  route(app, backtestContract, async ({ body, request }) => {
    const { historyDays, horizonDays, minTrainDays } = body
    if (minTrainDays + horizonDays > historyDays) throw validation('minTrainDays', `minTrainDays + horizonDays must not exceed historyDays (${historyDays})`)
    const { history } = await series(authOf(request).tenantId, body)
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
    const sequences = await kept(tenantId, ['sequences', null], async () => participantSequences(await loadCorpus(db, tenantId)))
    return { seed: { frameId: body.frameId, actionType }, method: TRANSITIONS_METHOD, ...predictNext(sequences, actionType, body.limit) }
  })

  route(app, motifsContract, async ({ body, request }) => {
    const { minLength, maxLength, minSupport, limit, contextId } = body
    if (maxLength < minLength) throw validation('maxLength', 'must not be less than minLength')
    const tenantId = authOf(request).tenantId
    const sequences = await kept(tenantId, ['sequences', contextId ?? null], async () => participantSequences(await contextCorpus(db, tenantId, contextId)))
    return { method: MOTIFS_METHOD, sequences: sequences.length, motifs: extractMotifs(sequences, { minSupport, minLength, maxLength, limit }) }
  })
}
