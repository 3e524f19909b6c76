/** Job settings shared by the crash test and its worker processes: a dead worker's job is retried within ~4 s. */
export const CRASH_JOBS = {
  expireInSeconds: 3,
  retryLimit: 5,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
}
