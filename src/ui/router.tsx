/**
 * Real URLs (@tanstack/react-router), so reload and the back button keep the analyst where they were:
 *
 *   /login                                     the login screen (signed in: on to `redirect` or /)
 *   /                                          welcome
 *   /research/$researchId                      a research ('Select Workspace' until one is chosen)
 *   /research/$researchId/workspace/$sessionId a workspace
 *   /project/$projectId                        a project and its data sources
 *   /sources                                   every data source of the tenant
 *   /discovery                                 sources shared with the tenant
 *   /dashboard  /briefing?type=&id=  /admin  /settings
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
import { BriefingView, type BriefingSearch, parseBriefingSearch } from './views/BriefingView'
import { parseWorkspaceSearch, type WorkspaceSearch } from './workspace/workspace-search'
import { AdminRoute } from './views/AdminRoute'
import { SettingsView } from './views/SettingsView'
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
  component: WorkspaceView,
  validateSearch: (search: Record<string, unknown>): WorkspaceSearch => parseWorkspaceSearch(search),
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
const briefingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/briefing',
  validateSearch: (search: Record<string, unknown>): BriefingSearch => parseBriefingSearch(search),
  component: BriefingView,
})
const adminRoute = createRoute({ getParentRoute: () => appRoute, path: '/admin', component: AdminRoute })
const settingsRoute = createRoute({ getParentRoute: () => appRoute, path: '/settings', component: SettingsView })
const routeTree = rootRoute.addChildren([
  loginRoute,
  appRoute.addChildren([homeRoute, researchRoute, workspaceRoute, projectRoute, sourcesRoute, dashboardRoute, discoveryRoute, briefingRoute, adminRoute, settingsRoute]),
])

export function createAppRouter(history?: RouterHistory) {
  return createRouter({ routeTree, history, defaultPreload: false, scrollRestoration: true })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
