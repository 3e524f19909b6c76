/**
 * Creating or changing a watch: what to watch (an entity, a saved search, or a kind of action at or above an
 * urgency), where (the whole team, a workspace, a project), and an optional webhook. The form keeps what
 * was typed and says why a save failed, in the server's words when it answered.
 */
import { useId, useState } from 'react'
import { CameoRoots } from '../../protocol/cameo'
import type { Watch } from '../../protocol/alerts'
import { saveWatch } from '../../streams/alert-intents'
import { useServices } from '../app-services'
import { useIntent } from '../hooks/use-intent'
import { draftOf, emptyDraft, requestOf, type WatchDraft } from './watch-form-state'

export interface ScopeOption {
  value: string
  label: string
}

const KINDS: ReadonlyArray<{ kind: Watch['kind']; label: string }> = [
  { kind: 'entity', label: 'An entity' },
  { kind: 'search', label: 'A saved search' },
  { kind: 'category', label: 'A kind of action' },
]

export function WatchForm({ watch, initial, scopes, onDone }: { watch?: Watch; initial?: WatchDraft; scopes: readonly ScopeOption[]; onDone: () => void }) {
  const { ctx } = useServices()
  const id = useId()
  const [draft, setDraft] = useState<WatchDraft>(watch ? draftOf(watch) : (initial ?? emptyDraft))
  const save = useIntent(async (d: WatchDraft) => {
    const made = requestOf(d)
    if (!made.ok) return made
    const outcome = await saveWatch(ctx, made.request, watch?.id)
    if (outcome.ok) onDone()
    return outcome
  })
  const set = (changes: Partial<WatchDraft>) => {
    save.reset()
    setDraft((d) => ({ ...d, ...changes }))
  }
  return (
    <form
      className="watch-form"
      aria-label={watch ? `Edit watch ${watch.label}` : 'New watch'}
      onSubmit={(e) => {
        e.preventDefault()
        void save.run(draft)
      }}
    >
      <fieldset>
        <legend>Watch</legend>
        {KINDS.map((k) => (
          <label key={k.kind}>
            <input type="radio" name={`${id}-kind`} value={k.kind} checked={draft.kind === k.kind} onChange={() => set({ kind: k.kind })} /> {k.label}
          </label>
        ))}
      </fieldset>
      {draft.kind === 'entity' && (
        <label className="field">
          Entity (a name or alias as your documents give it, or its id)
          <input value={draft.entity} onChange={(e) => set({ entity: e.target.value })} placeholder="e.g. Kessel Rail" />
        </label>
      )}
      {draft.kind === 'search' && (
        <label className="field">
          Words to watch for (quotes for a phrase, - to exclude, or for either)
          <input value={draft.query} onChange={(e) => set({ query: e.target.value })} placeholder='e.g. "port strike" -rumour' />
        </label>
      )}
      {draft.kind === 'category' && (
        <div className="watch-category">
          <label className="field">
            Action category
            <select value={draft.category} onChange={(e) => set({ category: e.target.value })}>
              {CameoRoots.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.code} {r.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            Urgency at least (%)
            <input type="number" min={0} max={100} step={5} value={draft.urgency} onChange={(e) => set({ urgency: e.target.value })} />
          </label>
        </div>
      )}
      <label className="field">
        Where
        <select value={draft.scope} onChange={(e) => set({ scope: e.target.value })}>
          <option value="tenant">The whole team</option>
          {scopes.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        Webhook (optional: each new alert is posted there, signed)
        <input type="url" value={draft.webhookUrl} onChange={(e) => set({ webhookUrl: e.target.value })} placeholder="https://hooks.example.com/sightline" />
      </label>
      {watch?.webhookSecret && draft.webhookUrl === watch.webhookUrl && (
        <p className="muted small">
          Signing key: <code>{watch.webhookSecret}</code> (header x-sightline-signature: t=time, v1=HMAC-SHA256 of “time.body”)
        </p>
      )}
      {save.error && (
        <p className="form-error" role="alert">
          {save.error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={save.busy}>
          {save.busy ? 'Saving…' : watch ? 'Save changes' : 'Create watch'}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}
