/** The shell's dialogs, opened from centre views too (welcome's 'Create first project', a research's Commit). */
import { createContext, useContext } from 'react'
import type { Research } from '../../protocol/entities'

interface ShellActionHandlers {
  newResearch(): void
  newProject(): void
  commitResearch(research: Research): void
}

export const ShellActions = createContext<ShellActionHandlers | null>(null)

export function useShellActions(): ShellActionHandlers {
  const actions = useContext(ShellActions)
  if (actions === null) throw new Error('useShellActions outside the shell')
  return actions
}
