/** Hands the client core's read models to the component tree. */
import { createContext, useContext, type ReactNode } from 'react'
import type { ReadModels } from '../projections/registry'

const ModelsContext = createContext<ReadModels | null>(null)

export function ModelsProvider({ models, children }: { models: ReadModels; children: ReactNode }) {
  return <ModelsContext.Provider value={models}>{children}</ModelsContext.Provider>
}

export function useModels(): ReadModels {
  const models = useContext(ModelsContext)
  if (models === null) throw new Error('useModels outside ModelsProvider')
  return models
}
