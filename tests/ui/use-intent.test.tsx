// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { type Intent, type IntentOptions, useIntent } from '../../src/ui/hooks/use-intent'

// Counts every state update the hook asks for, so 'nothing set after unmount' is seen, not assumed
// (React itself no longer warns about it).
const updates = vi.hoisted(() => ({ count: 0 }))
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>()
  function useState<S>(initial: S | (() => S)) {
    const [value, set] = react.useState(initial)
    const counted = (next: S | ((prev: S) => S)) => {
      updates.count++
      set(next)
    }
    return [value, counted] as const
  }
  return { ...react, default: react, useState }
})

afterEach(cleanup)

/** A promise settled by hand, so a test can look at the component while the intent is pending. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Renders a probe around `fn`; `current()` is the hook's latest answer, `renders()` how often it rendered. */
function mount<A extends unknown[], R>(fn: (...args: A) => Promise<R>, options?: IntentOptions<A, R>) {
  let latest: Intent<A, R> | null = null
  let renders = 0
  function Probe() {
    renders++
    latest = useIntent(fn, options)
    return (
      <p data-busy={String(latest.busy)} role="status">
        {latest.error ?? ''}
      </p>
    )
  }
  const view = render(<Probe />)
  const current = () => {
    if (!latest) throw new Error('not rendered')
    return latest
  }
  return { view, current, renders: () => renders }
}

test('busy while the intent is pending, then not; run resolves to its answer', async () => {
  const pending = deferred<string>()
  const { view, current } = mount((n: number) => pending.promise.then((s) => `${s}${n}`))
  expect(current().busy).toBe(false)
  let answer: Promise<string | undefined> = Promise.resolve(undefined)
  act(() => {
    answer = current().run(7)
  })
  expect(current().busy).toBe(true)
  expect(view.getByRole('status').dataset.busy).toBe('true')
  await act(async () => {
    pending.resolve('done')
    await answer
  })
  expect(await answer).toBe('done7')
  expect(current().busy).toBe(false)
  expect(current().error).toBeNull()
})

test('a rejection shows its message; an outcome { ok: false } shows its error; the next run clears it', async () => {
  let next: () => Promise<{ ok: true } | { ok: false; error: string }> = () => Promise.reject(new Error('Failed to create project. Please try again.'))
  const { view, current } = mount(() => next())
  await act(async () => {
    expect(await current().run()).toBeUndefined()
  })
  expect(current().busy).toBe(false)
  expect(view.getByRole('status').textContent).toBe('Failed to create project. Please try again.')

  const pending = deferred<{ ok: true } | { ok: false; error: string }>()
  next = () => pending.promise
  let answer: Promise<unknown> = Promise.resolve()
  act(() => {
    answer = current().run()
  })
  // A retry does not keep the last failure on screen while it runs.
  expect(current().error).toBeNull()
  await act(async () => {
    pending.resolve({ ok: false, error: 'Failed to delete project (code: 500)' })
    await answer
  })
  expect(view.getByRole('status').textContent).toBe('Failed to delete project (code: 500)')

  next = () => Promise.resolve({ ok: true })
  await act(async () => {
    await current().run()
  })
  expect(current().error).toBeNull()
})

test('failure and describeError put a failure in the product words, and see the arguments', async () => {
  const { current } = mount((kind: 'a' | 'b') => (kind === 'a' ? Promise.resolve({ ok: false as const, error: 'Refused', detail: 'quota' }) : Promise.reject('not an Error')), {
    failure: (r, kind) => (r.ok ? null : `${kind}: ${r.error}: ${r.detail}`),
    describeError: (_e, kind) => `Could not run ${kind}`,
  })
  await act(async () => {
    await current().run('a')
  })
  expect(current().error).toBe('a: Refused: quota')
  await act(async () => {
    await current().run('b')
  })
  expect(current().error).toBe('Could not run b')
})

test('a throw without a message reads as an unknown error; fail and reset set and clear the line', async () => {
  const { current } = mount(() => Promise.reject(new Error('')))
  await act(async () => {
    await current().run()
  })
  expect(current().error).toBe('An unknown error occurred')
  act(() => current().reset())
  expect(current().error).toBeNull()
  act(() => current().fail('Please enter a URL'))
  expect(current().error).toBe('Please enter a URL')
  expect(current().busy).toBe(false)
})

test('an answer after unmount sets no state, and run still resolves to it', async () => {
  const pending = deferred<{ ok: false; error: string }>()
  const { view, current } = mount(() => pending.promise)
  let answer: Promise<unknown> = Promise.resolve()
  const beforeRun = updates.count
  act(() => {
    answer = current().run()
  })
  // The probe itself works: starting a run is two updates (error cleared, busy set).
  expect(updates.count - beforeRun).toBe(2)
  view.unmount()
  const atUnmount = updates.count
  await act(async () => {
    pending.resolve({ ok: false, error: 'too late' })
    await answer
  })
  expect(await answer).toEqual({ ok: false, error: 'too late' })
  expect(updates.count).toBe(atUnmount)
})

test('run is one function for the life of the component and calls the latest intent', async () => {
  const calls: string[] = []
  let latestRun: ((...args: []) => Promise<unknown>) | null = null
  function Probe({ label }: { label: string }) {
    const intent = useIntent(async () => {
      calls.push(label)
    })
    latestRun ??= intent.run
    expect(intent.run).toBe(latestRun)
    return null
  }
  const view = render(<Probe label="first" />)
  view.rerender(<Probe label="second" />)
  await act(async () => {
    await latestRun?.()
  })
  expect(calls).toEqual(['second'])
})
