import { type Context, useContext } from 'react'

/** A context a part of the tree cannot do without: throws, naming the hook, where no provider is above. */
export function useRequired<T>(context: Context<T | null>, hook: string): T {
  const value = useContext(context)
  if (value === null) throw new Error(`${hook} outside its provider`)
  return value
}
