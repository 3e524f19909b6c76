/**
 * The KPI strip: the KPIs bound to one research or project (the most recently updated research unless
 * the analyst picks another), each with its value in its definition's decimals and unit and a 'manual'
 * marker when set by hand. The analyst adds a KPI from the definitions not yet bound, sets a value by
 * hand (inline), hands it back to the pipeline ('Use computed value', PUT null) or removes it.
 * Everything shown is what the server confirmed.
 */
import { Link } from '@tanstack/react-router'
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { formatKpiValue } from '../../domain/intelligence'
import { type Dashboard, isFirstLoad, kpiBindingsOf, type KpiContextEntry, LoadStatus, selectKpiBindingsById, selectKpiContext, selectKpiDefinitions } from '../../projections/dashboard'
import type { ProjectList } from '../../projections/project-list'
import type { ResearchList } from '../../projections/research-list'
import type { Research } from '../../protocol/entities'
import type { KpiBinding, KpiDefinition } from '../../protocol/intelligence'
import { addKpi, loadKpiBindings, loadKpiDefinitions, removeKpi, resetKpi, setKpiValue } from '../../streams/dashboard-intents'
import type { IntentContext } from '../../streams/intents'
import { useIntent } from '../hooks/use-intent'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { Panel } from './PulsePanels'
import { LoadFailure } from './LoadFailure'
import { LabelledSelect } from './LabelledSelect'
import { Options } from '../shared/Options'

interface ContextOption {
  id: string
  name: string
  type: 'research' | 'project'
}

const selectAll = <S,>(s: S) => s

export function KpiStrip({ ctx }: { ctx: IntentContext }) {
  const models = useModels()
  const researches = useReadModel(models.researchList, selectAll<ResearchList>)
  const projects = useReadModel(models.projectList, selectAll<ProjectList>)
  const options = useMemo(() => contextOptions(researches, projects), [researches, projects])
  const [chosen, setChosen] = useState<string | null>(null)
  const contextId = chosen !== null && options.some((o) => o.id === chosen) ? chosen : (options[0]?.id ?? null)
  const context = options.find((o) => o.id === contextId) ?? null

  useEffect(() => {
    void loadKpiDefinitions(ctx)
  }, [ctx])
  useEffect(() => {
    if (contextId !== null) void loadKpiBindings(ctx, contextId)
  }, [ctx, contextId])

  const listsLoaded = researches.loaded || projects.loaded
  return (
    <Panel
      title="KPIs"
      className="dash-kpis"
      help={<p>Key figures of a research or project, recomputed by the pipeline as its documents complete. A value you set by hand is marked manual and left alone until you hand it back.</p>}
    >
      {context === null ? (
        listsLoaded ? (
          <div className="dash-panel-empty">
            <p>KPIs track a research or a project. Create a research and add sources to it first.</p>
            <Link to="/" className="btn primary">
              Go to your researches
            </Link>
          </div>
        ) : (
          <KpiSkeleton />
        )
      ) : (
        <>
          <div className="dash-kpi-context">
            <LabelledSelect label="KPIs of" value={context.id} onChange={(e) => setChosen(e.target.value)}>
              {(['research', 'project'] as const).map((type) => {
                const group = options.filter((o) => o.type === type)
                return group.length === 0 ? null : (
                  <optgroup key={type} label={type === 'research' ? 'Researches' : 'Projects'}>
                    <Options items={group} value={(o) => o.id} label={(o) => o.name} />
                  </optgroup>
                )
              })}
            </LabelledSelect>
          </div>
          <KpiContextView ctx={ctx} context={context} />
        </>
      )}
    </Panel>
  )
}

function KpiContextView({ ctx, context }: { ctx: IntentContext; context: ContextOption }) {
  const { dashboard } = useModels()
  const selectContext = useCallback((s: Dashboard) => selectKpiContext(s, context.id), [context.id])
  const entry = useReadModel(dashboard, selectContext)
  const bindingsById = useReadModel(dashboard, selectKpiBindingsById)
  const definitions = useReadModel(dashboard, selectKpiDefinitions)
  const bindings = useMemo(() => kpiBindingsOf(entry, bindingsById), [entry, bindingsById])
  const defsById = useMemo(() => new Map((definitions?.body ?? []).map((d) => [d.id, d])), [definitions])
  const retry = () => void loadKpiBindings(ctx, context.id)
  const kind = context.type === 'research' ? 'research' : 'project'

  if (entry === null || isFirstLoad(entry)) return <KpiSkeleton />
  if (entry.loadedAt === null) {
    return (
      <LoadFailure onRetry={retry}>
        Could not load the KPIs of {context.name}: {entry.error?.message}
      </LoadFailure>
    )
  }
  return (
    <div className="dash-kpi-body">
      {entry.status === LoadStatus.Failed && (
        <LoadFailure stale onRetry={retry}>
          Could not refresh the KPIs: {entry.error?.message}
        </LoadFailure>
      )}
      {bindings.length === 0 ? (
        <div className="dash-kpi-empty">
          <p>
            <strong>No KPIs on this {kind} yet.</strong> Add one below to follow a figure such as documents processed or the average risk index.
          </p>
        </div>
      ) : (
        <ul className="dash-kpi-strip" aria-label={`KPIs of ${context.name}`}>
          {bindings.map((b) => (
            <li key={b.id}>
              <KpiCard ctx={ctx} binding={b} definition={defsById.get(b.kpiDefinitionId) ?? null} />
            </li>
          ))}
        </ul>
      )}
      <ChangeError entry={entry} />
      <AddKpi ctx={ctx} context={context} bound={bindings} definitions={definitions} emphasised={bindings.length === 0} />
    </div>
  )
}

const failedTo = { add: 'Could not add the KPI', set: 'Could not set the value', reset: 'Could not use the computed value', remove: 'Could not remove the KPI' } as const

function ChangeError({ entry }: { entry: KpiContextEntry }) {
  const e = entry.changeError
  return (
    <p className="dash-kpi-error" aria-live="polite">
      {e ? `${failedTo[e.change]}: ${e.message}` : ''}
    </p>
  )
}

function KpiCard({ ctx, binding, definition }: { ctx: IntentContext; binding: KpiBinding; definition: KpiDefinition | null }) {
  const titleId = useId()
  const [editing, setEditing] = useState(false)
  // A change's failure is the dashboard's (ChangeError), so the card only waits for it.
  const change = useIntent(async (work: () => Promise<boolean>, after?: () => void) => {
    const ok = await work()
    if (ok) after?.()
    return ok
  })
  const { busy, run } = change
  const name = definition?.name ?? binding.kpiDefinitionId
  const decimals = definition?.decimals ?? 2
  return (
    <article className={`dash-kpi ${binding.manual ? 'dash-kpi-manual' : ''}`} aria-labelledby={titleId} aria-busy={busy}>
      <header className="dash-kpi-head">
        <h4 id={titleId}>{name}</h4>
        {binding.manual && (
          <span className="pill pill-warn" title="Set by hand: the pipeline leaves it alone until you use the computed value again">
            manual
          </span>
        )}
      </header>
      {editing ? (
        <KpiValueForm
          name={name}
          initial={binding.currentValue}
          busy={busy}
          onCancel={() => setEditing(false)}
          onSave={(value) =>
            run(
              () => setKpiValue(ctx, binding, value),
              () => setEditing(false),
            )
          }
        />
      ) : (
        <p className="dash-kpi-value">
          <strong>{formatKpiValue(binding.currentValue, decimals)}</strong> {definition?.unit && <span className="muted small">{definition.unit}</span>}
          {binding.currentValue === null && <span className="muted small"> not computed yet</span>}
        </p>
      )}
      {definition?.description && <p className="muted small dash-kpi-description">{definition.description}</p>}
      {!editing && (
        <div className="dash-kpi-actions" role="group" aria-label={`${name} actions`}>
          <button type="button" className="btn small-btn" disabled={busy} aria-describedby={titleId} onClick={() => setEditing(true)}>
            Set value
          </button>
          {binding.manual && (
            <button type="button" className="btn small-btn" disabled={busy} aria-describedby={titleId} onClick={() => void run(() => resetKpi(ctx, binding))}>
              Use computed value
            </button>
          )}
          <button type="button" className="btn small-btn danger-outline" disabled={busy} aria-describedby={titleId} onClick={() => void run(() => removeKpi(ctx, binding))}>
            Remove
          </button>
        </div>
      )}
    </article>
  )
}

function KpiValueForm({ name, initial, busy, onSave, onCancel }: { name: string; initial: number | null; busy: boolean; onSave: (value: number) => void; onCancel: () => void }) {
  const [text, setText] = useState(initial === null ? '' : String(initial))
  const [invalid, setInvalid] = useState(false)
  const inputId = useId()
  const errorId = useId()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const value = Number(text.trim().replace(',', '.'))
    if (text.trim() === '' || !Number.isFinite(value)) {
      setInvalid(true)
      return
    }
    onSave(value)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      onCancel()
    }
  }
  return (
    <form className="dash-kpi-edit" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <label className="sr-only" htmlFor={inputId}>
        New value of {name}
      </label>
      <input
        id={inputId}
        type="text"
        inputMode="decimal"
        value={text}
        autoFocus
        // Typing replaces the current value rather than appending to it.
        onFocus={(e) => e.currentTarget.select()}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(e) => {
          setText(e.target.value)
          setInvalid(false)
        }}
      />
      <button type="submit" className="btn small-btn primary" disabled={busy}>
        Save
      </button>
      <button type="button" className="btn small-btn" onClick={onCancel}>
        Cancel
      </button>
      {invalid && (
        <span id={errorId} className="dash-kpi-invalid" role="alert">
          Enter a number
        </span>
      )}
    </form>
  )
}

function AddKpi({
  ctx,
  context,
  bound,
  definitions,
  emphasised,
}: {
  ctx: IntentContext
  context: ContextOption
  bound: KpiBinding[]
  definitions: Dashboard['kpi']['definitions']
  emphasised: boolean
}) {
  const available = useMemo(() => (definitions?.body ?? []).filter((d) => !bound.some((b) => b.kpiDefinitionId === d.id)), [definitions, bound])
  const [choice, setChoice] = useState('')
  const selectRef = useRef<HTMLSelectElement>(null)
  const picked = available.some((d) => d.id === choice) ? choice : (available[0]?.id ?? '')
  const add = useIntent(async () => {
    const ok = await addKpi(ctx, context.id, picked)
    if (ok) setChoice('')
    return ok
  })
  const { busy } = add

  if (definitions === null || isFirstLoad(definitions)) return <p className="muted small">Loading the KPIs you can add…</p>
  if (definitions.body === null) {
    return (
      <LoadFailure stale onRetry={() => void loadKpiDefinitions(ctx)}>
        Could not load the KPIs you can add: {definitions.error?.message}
      </LoadFailure>
    )
  }
  if (available.length === 0) return <p className="muted small">Every KPI is on this {context.type} already.</p>

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!picked) return
    await add.run()
    selectRef.current?.focus()
  }
  const description = available.find((d) => d.id === picked)?.description
  return (
    <form className={`dash-kpi-add ${emphasised ? 'dash-kpi-add-cta' : ''}`} onSubmit={(e) => void submit(e)}>
      <LabelledSelect label="Add a KPI" ref={selectRef} value={picked} onChange={(e) => setChoice(e.target.value)}>
        <Options items={available} value={(d) => d.id} label={(d) => d.name} />
      </LabelledSelect>
      <button type="submit" className={`btn ${emphasised ? 'primary' : ''}`} disabled={busy || !picked}>
        {busy ? 'Adding…' : 'Add KPI'}
      </button>
      {description && <p className="muted small dash-kpi-add-description">{description}</p>}
    </form>
  )
}

function KpiSkeleton() {
  return (
    <div className="dash-kpi-strip dash-kpi-skeleton" role="status">
      <span className="sr-only">Loading KPIs…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="dash-skeleton dash-skeleton-kpi" aria-hidden="true" />
      ))}
    </div>
  )
}

/** Researches, most recently updated first, then projects in the API's order. */
function contextOptions(researches: ResearchList, projects: ProjectList): ContextOption[] {
  const time = (t: string | number | null | undefined) => (typeof t === 'number' ? t : Date.parse(t ?? '') || 0)
  const rs = researches.order
    .map((id) => researches.byId[id])
    // A research made locally when the server failed (spec §7) has nothing to bind KPIs to.
    .filter((r): r is Research => r !== undefined && r.tenantId !== 'local')
    .map((r, i) => ({ r, i }))
    .sort((a, b) => time(b.r.updatedAt ?? b.r.createdAt) - time(a.r.updatedAt ?? a.r.createdAt) || a.i - b.i)
    .map(({ r }): ContextOption => ({ id: r.id, name: r.title, type: 'research' }))
  const ps = projects.order
    .map((id) => projects.byId[id])
    .filter((p) => p !== undefined)
    .map((p): ContextOption => ({ id: p.id, name: p.displayName, type: 'project' }))
  return [...rs, ...ps]
}
