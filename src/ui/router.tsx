/**
 * Real URLs (@tanstack/react-router), so reload and the back button keep the analyst where they were:
 *
 *   /login                                     the login screen (signed in: on to `redirect` or /)
 *   /                                          welcome
 *   /research/$researchId                      a research ('Select Workspace' until one is chosen)
 *   /research/$researchId/workspace/$sessionId a workspace (`?document=&frame=`: opened at that frame)
 *   /project/$projectId                        a project and its data sources
 *   /sources                                   every data source of the tenant
 *   /discovery                                 sources shared with the tenant
 *   /dashboard  /briefing?type=&id=  /admin  /settings
 *   /entity/$entityId                          an entity's dossier (by id, former id or any name it goes by)
 *   /alerts?watch=…                            notifications, today's digest, watch-lists (a new watch filled in)
 *
 * One route renders one centre view, so the centre-content priority of spec §2 (settings > dashboard >
 * briefing > admin > project > workspace > welcome) holds by construction: selecting one of them is
 * navigating to it, which clears the others, as the spec's selection rules say.
 */
import { createRootRoute, createRoute, createRouter, type RouterHistory, Outlet } from '@tanstack/react-router'
import { AppLayout } from './shell/AppLayout'
import { LoginRoute } from './auth/LoginRoute'
import { NotFoundView } from './views/NotFoundView'
import { HomeView } from './views/HomeView'
import { ResearchView } from './views/ResearchView'
import { WorkspaceView } from './views/WorkspaceView'
import { ProjectView } from './views/ProjectView'
import { SourcesView } from './views/SourcesView'
import { DashboardView } from './views/DashboardView'
import { DiscoveryView } from './views/DiscoveryView'
import { GraphPageView, parseGraphSearch } from './views/GraphPageView'
import { BriefingView, type BriefingSearch, parseBriefingSearch } from './views/BriefingView'
import { AdminRoute } from './views/AdminRoute'
import { SettingsView } from './views/SettingsView'
import { EntityView } from './views/EntityView'
import { AlertsView } from './views/AlertsView'
import { parseWatchPreset, type WatchPreset } from './alerts/watch-form-state'
import { isInternalPath } from './internal-path'

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFoundView })

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => (typeof search.redirect === 'string' && isInternalPath(search.redirect) ? { redirect: search.redirect } : {}),
  component: LoginRoute,
})

const appRoute = createRoute({ getParentRoute: () => rootRoute, id: 'app', component: AppLayout })

const homeRoute = createRoute({ getParentRoute: () => appRoute, path: '/', component: HomeView })
const researchRoute = createRoute({ getParentRoute: () => appRoute, path: '/research/$researchId', component: ResearchView })
const workspaceRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/research/$researchId/workspace/$sessionId',
  // An alert opens its document's frame: `?document=<id>&frame=<id>` (src/ui/alerts/use-frame-from-search.ts).
  validateSearch: (search: Record<string, unknown>): { document?: string; frame?: string } => ({
    ...(typeof search.document === 'string' ? { document: search.document } : {}),
    ...(typeof search.frame === 'string' ? { frame: search.frame } : {}),
  }),
  component: WorkspaceView,
})
const projectRoute = createRoute({ getParentRoute: () => appRoute, path: '/project/$projectId', component: ProjectView })
const sourcesRoute = createRoute({ getParentRoute: () => appRoute, path: '/sources', component: SourcesView })
const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dashboard',
  // `?q=`: the applied contextual query (Query mode), trimmed, at most 500 characters; absent in Global mode.
  validateSearch: (search: Record<string, unknown>): { q?: string } => {
    // The router reads `?q=2026` as a number: a query all the same.
    const q = typeof search.q === 'string' || typeof search.q === 'number' ? String(search.q).trim().slice(0, 500) : ''
    return q === '' ? {} : { q }
  },
  component: DashboardView,
})
const discoveryRoute = createRoute({ getParentRoute: () => appRoute, path: '/discovery', component: DiscoveryView })
const graphRoute = createRoute({ getParentRoute: () => appRoute, path: '/graph', validateSearch: parseGraphSearch, component: GraphPageView })
const briefingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/briefing',
  validateSearch: (search: Record<string, unknown>): BriefingSearch => parseBriefingSearch(search),
  component: BriefingView,
})
const adminRoute = createRoute({ getParentRoute: () => appRoute, path: '/admin', component: AdminRoute })
const settingsRoute = createRoute({ getParentRoute: () => appRoute, path: '/settings', component: SettingsView })
const entityRoute = createRoute({ getParentRoute: () => appRoute, path: '/entity/$entityId', component: EntityView })
const alertsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/alerts',
  // `?watch=entity|search|category&entity=&query=&category=&urgency=`: the new-watch form, filled in (WatchLink).
  validateSearch: (search: Record<string, unknown>): WatchPreset => parseWatchPreset(search),
  component: AlertsView,
})
const routeTree = rootRoute.addChildren([
  loginRoute,
  appRoute.addChildren([
    homeRoute,
    researchRoute,
    workspaceRoute,
    projectRoute,
    sourcesRoute,
    dashboardRoute,
    discoveryRoute,
    graphRoute,
    briefingRoute,
    adminRoute,
    settingsRoute,
    alertsRoute,
    entityRoute,
  ]),
])

export function createAppRouter(history?: RouterHistory) {
  return createRouter({ routeTree, history, defaultPreload: false, scrollRestoration: true })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
