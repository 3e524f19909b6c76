/** Hands the client core's read models to the component tree. */
import { createContext, type ReactNode } from 'react'
import type { ReadModels } from '../projections/registry'
import { useRequired } from './shared/required-context'

const ModelsContext = createContext<ReadModels | null>(null)

export function ModelsProvider({ models, children }: { models: ReadModels; children: ReactNode }) {
  return <ModelsContext.Provider value={models}>{children}</ModelsContext.Provider>
}

export const useModels = (): ReadModels => useRequired(ModelsContext, 'useModels')
