/** The shell's dialogs, opened from centre views too (welcome's 'Create first project', a research's Commit). */
import { createContext } from 'react'
import type { Research } from '../../protocol/entities'
import { useRequired } from '../shared/required-context'

interface ShellActionHandlers {
  newResearch(): void
  newProject(): void
  commitResearch(research: Research): void
}

export const ShellActions = createContext<ShellActionHandlers | null>(null)

export const useShellActions = (): ShellActionHandlers => useRequired(ShellActions, 'useShellActions')
