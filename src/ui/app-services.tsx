/**
 * What the signed-in screens need besides read models: the intent context (core + API), the identity
 * session, and the server's public settings. Provided once by the composition root (main.tsx).
 */
import { createContext, type ReactNode } from 'react'
import type { IdentitySession } from '../streams/firebase-auth'
import type { IntentContext } from '../streams/intents'
import { useRequired } from './shared/required-context'

export interface AppServices {
  ctx: IntentContext
  identity: IdentitySession
  /** 'Firebase Auth emulator (http://…)' or 'Firebase (<project>)', for the status panel and Settings. */
  authProvider: string
  /** The analysis provider the server reports ('local' or 'openai'). */
  analysisProvider: string
  /** Development builds against the emulator only: signs in as a fixed demo analyst (spec §3 mock auth). */
  mockSignIn: (() => Promise<void>) | null
  /** Asks the server at once whether it is back (the offline banner's Try now); absent in tests that need none. */
  probeServer?: () => void
}

const ServicesContext = createContext<AppServices | null>(null)

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
}

export const useServices = (): AppServices => useRequired(ServicesContext, 'useServices')
