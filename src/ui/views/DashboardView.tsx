/** `/dashboard`: the Dashboard pulse view (spec §2), built in src/ui/dashboard. */
export { DashboardView } from '../dashboard/DashboardView'
