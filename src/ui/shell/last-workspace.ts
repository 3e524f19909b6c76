/** The active research and workspace per tenant, in local storage (spec §4: active ids persist). */
const key = (tenantId: string) => `sightline.active.${tenantId}`

export function readLastWorkspace(tenantId: string): { researchId: string; sessionId: string } | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key(tenantId)) ?? 'null')
    if (parsed && typeof parsed === 'object') {
      const o = parsed as Record<string, unknown>
      if (typeof o.researchId === 'string' && typeof o.sessionId === 'string') return { researchId: o.researchId, sessionId: o.sessionId }
    }
  } catch {
    /* a corrupt entry starts fresh */
  }
  return null
}

export function writeLastWorkspace(tenantId: string, active: { researchId: string; sessionId: string } | null): void {
  try {
    if (active) localStorage.setItem(key(tenantId), JSON.stringify(active))
    else localStorage.removeItem(key(tenantId))
  } catch {
    /* storage full or disabled: the address bar still holds the place */
  }
}
