/**
 * Every endpoint contract, by resource. The fingerprint (../version.ts), the OpenAPI document
 * (./openapi.ts) and the test that holds every route to a contract read them from here: a new contract
 * file is listed once, below.
 */
import * as alerts from './alerts'
import * as breakers from './breakers'
import { type Contract, isContract } from './contract'
import * as corrections from './corrections'
import * as dataSources from './data-sources'
import * as entities from './entities'
import * as entityGraph from './entity-graph'
import * as exchange from './exchange'
import * as ingest from './ingest'
import * as intelligence from './intelligence'
import * as live from './live'
import * as platform from './platform'
import * as projects from './projects'
import * as researches from './researches'
import * as search from './search'
import * as sessionData from './session-data'
import * as stories from './stories'
import * as timePlace from './time-place'
import * as users from './users'

/** Each resource's module (its contracts and the schemas they name), by resource. */
export const contractModules = {
  platform,
  breakers,
  users,
  researches,
  sessionData,
  projects,
  dataSources,
  ingest,
  exchange,
  live,
  intelligence,
  entityGraph,
  stories,
  entities,
  corrections,
  alerts,
  timePlace,
  search,
} as const

/** Every contract, by its exported name (`breakerReplayContract`), with the resource it belongs to. */
export function allContracts(): Array<{ name: string; resource: string; contract: Contract }> {
  const out: Array<{ name: string; resource: string; contract: Contract }> = []
  for (const [resource, module] of Object.entries(contractModules)) {
    for (const [name, value] of Object.entries(module as Record<string, unknown>)) if (isContract(value)) out.push({ name, resource, contract: value })
  }
  return out
}
