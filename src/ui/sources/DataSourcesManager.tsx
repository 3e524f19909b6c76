/**
 * The data sources manager (spec §2), titled for the project or the workspace: a table of the scope's
 * sources (kind, name, status, reliability, created, last run, items ingested, last error), sortable by its headers
 * and filtered by text and status. Each source can be played (draft), paused (active), resumed (paused)
 * — error and processed have no move (spec §4) — shared (the analyst's own) or deleted after 'Are you
 * sure you want to delete this data source?'. Empty: 'No Data Sources' with quick-add links. The add
 * buttons open the RSS, search, Telegram and Twitter dialogs with their previews.
 *
 * With scope 'all' (the Sources page) it lists every source of the tenant with where it belongs — a
 * link to its project or workspace — and the same row actions; sources are added in a project or a
 * workspace, so it offers no add buttons there.
 *
 * Rows come from the projectList read model; the table (./SourcesTable.tsx) only sorts and filters.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { isProjectScope, SourceMessages, type SourceScope } from '../../domain/rules/source-forms'
import type { DataSourceScope } from '../../domain/data-source'
import type { DataSource } from '../../protocol/entities'
import { type ProjectList, selectSources } from '../../projections/project-list'
import type { ResearchList } from '../../projections/research-list'
import type { SessionState } from '../../projections/session-state'
import { loadSources } from '../../streams/project-intents'
import { loadSessions } from '../../streams/intents'
import type { IntentContext } from '../../streams/intents'
import { deleteSource, loadSourcesReliability, setSourceStatus } from '../../streams/source-intents'
import { useServices } from '../app-services'
import { useOnReconnect } from '../hooks/use-on-reconnect'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { ConfirmDialog } from '../shared/ConfirmDialog'
import { AddSearchSourceDialog, AddTelegramSourceDialog, AddTwitterSourceDialog } from './AddQuerySourceDialog'
import { AddRssSourceDialog } from './AddRssSourceDialog'
import { SharingDialog } from './SharingDialog'
import { type RowActionHandlers, RowActions, SourcePlaces, SourceReliabilities } from './source-table'
import { SourcesTable } from './SourcesTable'

interface DataSourcesManagerProps {
  /** A project's or a workspace's sources, or 'all' of the tenant's (the Sources page). */
  scope: { projectId: string } | { researchId: string; sessionId: string } | 'all'
  title: string
}

type AddKind = 'rss' | 'search' | 'telegram' | 'twitter'
type Dialog = { kind: AddKind } | { kind: 'delete'; source: DataSource } | { kind: 'share'; source: DataSource } | null

export function DataSourcesManager({ scope, title }: DataSourcesManagerProps) {
  const { ctx } = useServices()
  const models = useModels()
  const all = scope === 'all'
  const projectId = scope !== 'all' && isProjectScope(scope) ? scope.projectId : null
  const researchId = scope !== 'all' && !isProjectScope(scope) ? scope.researchId : null
  const sessionId = scope !== 'all' && !isProjectScope(scope) ? scope.sessionId : null
  // The scope as a value that only changes with its ids, so effects and selectors stay put across renders.
  const stableScope = useMemo<DataSourceScope>(
    () => (all ? 'all' : projectId !== null ? { projectId } : { researchId: researchId as string, sessionId: sessionId as string }),
    [all, projectId, researchId, sessionId],
  )
  // Where the add dialogs create: a project or a workspace (none on the Sources page).
  const addScope: SourceScope | null = stableScope === 'all' ? null : stableScope
  const places = useReadModel(models.projectList, selectProjectNames)
  const researches = useReadModel(models.researchList, selectResearchPlaces)
  const select = useCallback((s: ProjectList) => selectSources(s, stableScope), [stableScope])
  const sources = useReadModel(models.projectList, select)
  const uid = useReadModel(models.sessionState, selectUid)
  const reliability = useReadModel(models.projectList, selectReliability)
  // Read again as sources come and go: a new source's first documents give it a grade.
  useEffect(() => {
    void loadSourcesReliability(ctx)
  }, [ctx, sources.length])
  // On the Sources page a sandbox source names its workspace: load the workspaces of the researches listed.
  const unnamed = all ? [...new Set(sources.flatMap((src) => (src.researchId && src.sessionId && !researches.sessionsByResearch[src.researchId] ? [src.researchId] : [])))].join(',') : ''
  useEffect(() => {
    for (const rid of unnamed === '' ? [] : unnamed.split(',')) void loadSessions(ctx, rid)
  }, [ctx, unnamed])

  const load = useSourcesLoad(ctx, stableScope)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  const [dialog, setDialog] = useState<Dialog>(null)

  const withBusy = useCallback(async (id: string, run: () => Promise<{ ok: boolean; error?: string }>) => {
    setProblem(null)
    setBusy((b) => new Set(b).add(id))
    const outcome = await run()
    setBusy((b) => {
      const next = new Set(b)
      next.delete(id)
      return next
    })
    if (!outcome.ok) setProblem(outcome.error ?? null)
  }, [])

  const actions = useMemo<RowActionHandlers>(
    () => ({
      uid,
      busy,
      move: (source, to) => void withBusy(source.id, () => setSourceStatus(ctx, source.id, to)),
      askDelete: (source) => setDialog({ kind: 'delete', source }),
      share: (source) => setDialog({ kind: 'share', source }),
    }),
    [ctx, uid, busy, withBusy],
  )

  const sandbox = addScope !== null && !isProjectScope(addScope)
  const open = (kind: AddKind) => () => setDialog({ kind })
  const close = () => setDialog(null)

  return (
    <section className="sources-manager" aria-label={title}>
      <header className="sources-head">
        <h3>{title}</h3>
        {addScope !== null && <AddSourceButtons sandbox={sandbox} open={open} />}
      </header>
      {problem && (
        <div className="form-error sources-problem" role="alert">
          {problem}
          <button type="button" className="link" onClick={() => setProblem(null)}>
            Dismiss
          </button>
        </div>
      )}
      {load === 'loading' ? (
        <p className="muted" role="status">
          Loading data sources…
        </p>
      ) : load !== 'ready' ? (
        <p className="form-error" role="alert">
          {load.error}
        </p>
      ) : sources.length === 0 ? (
        <NoSources addable={addScope !== null} sandbox={sandbox} open={open} />
      ) : (
        <RowActions.Provider value={actions}>
          <SourcePlaces.Provider value={all ? { projects: places, researches } : null}>
            <SourceReliabilities.Provider value={reliability}>
              <SourcesTable sources={sources} withPlace={all} />
            </SourceReliabilities.Provider>
          </SourcePlaces.Provider>
        </RowActions.Provider>
      )}
      {addScope && dialog?.kind === 'rss' && <AddRssSourceDialog ctx={ctx} scope={addScope} onClose={close} />}
      {addScope && dialog?.kind === 'search' && <AddSearchSourceDialog ctx={ctx} scope={addScope} onClose={close} />}
      {addScope && dialog?.kind === 'telegram' && <AddTelegramSourceDialog ctx={ctx} scope={addScope} onClose={close} />}
      {addScope && dialog?.kind === 'twitter' && <AddTwitterSourceDialog ctx={ctx} scope={addScope} onClose={close} />}
      {dialog?.kind === 'share' && <SharingDialog ctx={ctx} source={dialog.source} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Data Source"
          description={SourceMessages.deleteConfirm}
          onCancel={close}
          onConfirm={() => {
            const source = dialog.source
            close()
            void withBusy(source.id, () => deleteSource(ctx, source.id))
          }}
        />
      )}
    </section>
  )
}

/** Kinds the analyst adds here, with their buttons' words: the header's group and the empty state's links. */
const ADDABLE: ReadonlyArray<{ kind: AddKind; button: (sandbox: boolean) => string; link: string }> = [
  { kind: 'rss', button: (sandbox) => (sandbox ? 'RSS feed' : 'RSS source'), link: 'Add an RSS feed' },
  { kind: 'search', button: () => 'Search', link: 'Add a search' },
  { kind: 'telegram', button: () => 'Telegram', link: 'Add a Telegram channel' },
  { kind: 'twitter', button: () => 'Twitter', link: 'Add a Twitter search' },
]

function AddSourceButtons({ sandbox, open }: { sandbox: boolean; open: (kind: AddKind) => () => void }) {
  return (
    <div className="sources-add" role="group" aria-label="Add a data source">
      {ADDABLE.map((a) => (
        <button key={a.kind} type="button" className="btn small-btn" onClick={open(a.kind)}>
          {a.button(sandbox)}
        </button>
      ))}
    </div>
  )
}

/** 'No Data Sources', with what would appear here and, where sources are added, a link per kind. */
function NoSources({ addable, sandbox, open }: { addable: boolean; sandbox: boolean; open: (kind: AddKind) => () => void }) {
  if (!addable) {
    return (
      <div className="empty inline-empty">
        <p className="connection">{SourceMessages.empty}</p>
        <p>Documents, texts and web pages you add to a workspace appear here, with the feeds and searches of your projects.</p>
      </div>
    )
  }
  return (
    <div className="empty inline-empty">
      <p className="connection">{SourceMessages.empty}</p>
      <p>{sandbox ? 'Documents, texts and web pages added to this workspace appear here, with its feeds and searches.' : 'Project sources are permanent and run by themselves. Add one:'}</p>
      <p className="sources-quick-add">
        {ADDABLE.map((a) => (
          <button key={a.kind} type="button" className="link" onClick={open(a.kind)}>
            {a.link}
          </button>
        ))}
      </p>
    </div>
  )
}

/** The scope's sources, loaded when it opens and again when the server is back after an outage. */
const selectReliability = (s: ProjectList) => s.reliability

function useSourcesLoad(ctx: IntentContext, scope: DataSourceScope): 'loading' | 'ready' | { error: string } {
  const [load, setLoad] = useState<'loading' | 'ready' | { error: string }>('loading')
  useEffect(() => {
    let live = true
    setLoad('loading')
    void loadSources(ctx, scope).then((error) => live && setLoad(error === null ? 'ready' : { error }))
    return () => {
      live = false
    }
  }, [ctx, scope])
  // A list that failed while the server was down loads again when it is back.
  useOnReconnect(() => void loadSources(ctx, scope).then((error) => setLoad(error === null ? 'ready' : { error })))
  return load
}

const selectProjectNames = (s: ProjectList) => s.byId
const selectResearchPlaces = (s: ResearchList) => s
const selectUid = (s: SessionState): string | null => s.user?.uid ?? null
