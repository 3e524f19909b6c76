/** A fake socket and hand-driven timers: disconnects and time are explicit steps in a test. */
import type { SocketLike, Timers } from '../../src/streams/live-channel'

export class FakeSocket implements SocketLike {
  sent: string[] = []
  closedWith: { code?: number; reason?: string } | null = null
  onopen: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: ((event: { code: number; reason: string }) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(data)
  }
  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason }
    this.onclose?.({ code: code ?? 1000, reason: reason ?? '' })
  }
  open(): void {
    this.onopen?.({})
  }
  receive(text: string): void {
    this.onmessage?.({ data: text })
  }
  /** The server side goes away. */
  drop(code = 1006): void {
    this.onclose?.({ code, reason: '' })
  }
}

export class ManualTimers implements Timers {
  private time = 0
  private nextId = 1
  private readonly pending = new Map<number, { at: number; fn: () => void; every: number | null }>()

  now(): number {
    return this.time
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++
    this.pending.set(id, { at: this.time + ms, fn, every: null })
    return id
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number)
  }
  setInterval(fn: () => void, ms: number): unknown {
    const id = this.nextId++
    this.pending.set(id, { at: this.time + ms, fn, every: ms })
    return id
  }
  clearInterval(handle: unknown): void {
    this.pending.delete(handle as number)
  }
  /** Moves time forward, running every timer that falls due, in order. */
  advance(ms: number): void {
    const until = this.time + ms
    for (;;) {
      let next: [number, { at: number; fn: () => void; every: number | null }] | null = null
      for (const entry of this.pending) if (entry[1].at <= until && (next === null || entry[1].at < next[1].at)) next = entry
      if (next === null) break
      const [id, t] = next
      this.time = t.at
      if (t.every === null) this.pending.delete(id)
      else t.at += t.every
      t.fn()
    }
    this.time = until
  }
  get count(): number {
    return this.pending.size
  }
}

/** Lets pending promise callbacks (negotiate, token) run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}
