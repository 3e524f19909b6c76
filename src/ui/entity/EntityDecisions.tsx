/**
 * The analyst's decisions on a dossier: Merge (another entity, by any of its names, folds into this one),
 * Split off (an alias stands for an entity of its own) and Rename. Each asks in a dialog, says the server's
 * refusal there in its words, and on success opens the dossier of the entity the decision leaves.
 */
import { useState } from 'react'
import type { EntityDossier } from '../../protocol/dossier'
import { type DecisionOutcome, mergeEntities, renameEntity, splitAlias } from '../../streams/dossier-intents'
import type { IntentContext } from '../../streams/intents'
import { useIntent } from '../hooks/use-intent'
import { FormDialog, FormFooter } from '../shared/FormDialog'

type Open = 'merge' | 'split' | 'rename' | null

export function EntityDecisionButtons({ ctx, dossier, onDecided }: { ctx: IntentContext; dossier: EntityDossier; onDecided(entityId: string): void }) {
  const [open, setOpen] = useState<Open>(null)
  const { entity } = dossier
  const close = () => setOpen(null)
  const done = (id: string) => {
    close()
    onDecided(id)
  }
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen('rename')}>
        Rename
      </button>
      <button type="button" className="btn" onClick={() => setOpen('merge')}>
        Merge…
      </button>
      {entity.aliases.length > 0 && (
        <button type="button" className="btn" onClick={() => setOpen('split')}>
          Split off…
        </button>
      )}
      {open === 'rename' && (
        <NameDialog
          title={`Rename ${entity.name}`}
          description="The new name shows everywhere; the old one stays an alias, and documents to come follow it."
          label="New name"
          initial={entity.name}
          submit="Rename"
          onClose={close}
          onSubmit={(name) => renameEntity(ctx, entity.id, name)}
          onDone={done}
        />
      )}
      {open === 'merge' && (
        <NameDialog
          title={`Merge into ${entity.name}`}
          description={`Name the entity that is ${entity.name} under another name: from now on, in every document, the two are one.`}
          label="Entity to merge (any of its names)"
          initial=""
          suggestions={dossier.counterparts.map((c) => c.name)}
          submit="Merge"
          onClose={close}
          onSubmit={(other) => mergeEntities(ctx, entity.id, other)}
          onDone={done}
        />
      )}
      {open === 'split' && <SplitDialog ctx={ctx} dossier={dossier} onClose={close} onDone={done} />}
    </>
  )
}

function NameDialog(props: {
  title: string
  description: string
  label: string
  initial: string
  suggestions?: string[]
  submit: string
  onClose(): void
  onSubmit(value: string): Promise<DecisionOutcome>
  onDone(entityId: string): void
}) {
  const [value, setValue] = useState(props.initial)
  const listId = `entity-suggestions-${props.submit.toLowerCase()}`
  const run = useIntent(async () => {
    if (value.trim() === '') return { ok: false as const, error: `${props.label} must not be blank` }
    const outcome = await props.onSubmit(value.trim())
    if (outcome.ok) props.onDone(outcome.entityId)
    return outcome
  })
  return (
    <FormDialog title={props.title} description={props.description} onClose={props.onClose} onSubmit={run.run}>
      <label className="field">
        <span>{props.label}</span>
        <input
          value={value}
          onChange={(e) => {
            setValue(e.target.value)
            run.reset()
          }}
          list={props.suggestions?.length ? listId : undefined}
          autoFocus
        />
      </label>
      {props.suggestions && props.suggestions.length > 0 && (
        <datalist id={listId}>
          {props.suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
      <FormFooter error={run.error} onCancel={props.onClose} submit={props.submit} busy={run.busy} busyLabel="Saving…" />
    </FormDialog>
  )
}

function SplitDialog({ ctx, dossier, onClose, onDone }: { ctx: IntentContext; dossier: EntityDossier; onClose(): void; onDone(entityId: string): void }) {
  const { entity } = dossier
  const [alias, setAlias] = useState(entity.aliases[0] ?? '')
  const run = useIntent(async () => {
    const outcome = await splitAlias(ctx, entity.id, alias)
    // The entity the name now stands for is the one to look at.
    if (outcome.ok) onDone(alias)
    return outcome
  })
  return (
    <FormDialog title={`Split a name off ${entity.name}`} description="The name you choose stands for an entity of its own from now on, in every document." onClose={onClose} onSubmit={run.run}>
      <fieldset className="field entity-split-choices">
        <legend>Name to split off</legend>
        {entity.aliases.map((a) => (
          <label key={a} className="radio">
            <input type="radio" name="alias" value={a} checked={alias === a} onChange={() => setAlias(a)} /> {a}
          </label>
        ))}
      </fieldset>
      <FormFooter error={run.error} onCancel={onClose} submit="Split off" busy={run.busy} busyLabel="Saving…" />
    </FormDialog>
  )
}
