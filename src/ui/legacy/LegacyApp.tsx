/**
 * The older app shell behind the `_legacy` flag: a plain header (product, email, Sign Out), the list of
 * researches on the left with an inline "New research" form, and on the right the chosen research's
 * workspaces in a select and the open workspace (the same page, input bar and live channel as the main
 * shell). No router: the choice lives in component state and survives a reload in local storage.
 *
 * The open workspace is always one of the research's workspaces: the remembered one when it still
 * exists, else the first (spec §2: the first workspace is selected when none is active).
 */
import { type FormEvent, useEffect, useState } from 'react'
import { isSessionExpired } from '../../domain/rules/session'
import { sessionLabel } from '../../domain/rules/titles'
import type { Research, Session } from '../../protocol/entities'
import { type ResearchList, selectResearches } from '../../projections/research-list'
import type { SessionState } from '../../projections/session-state'
import type { IdentitySession } from '../../streams/firebase-auth'
import { createResearch, type IntentContext, loadResearches, loadSessions } from '../../streams/intents'
import { useIntent } from '../hooks/use-intent'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { InputBar } from '../shell/InputBar'
import { Toasts } from '../shell/Toasts'
import { WorkspacePage } from '../workspace/WorkspacePage'
import { FrameLoaderContext } from '../workspace/frame-loader-context'
import { type LiveTransport, useOpenWorkspace } from '../workspace/use-open-workspace'
import { Options } from '../shared/Options'

export const LEGACY_STORAGE_KEY = 'sightline.legacy.active'

interface LegacyAppProps {
  ctx: IntentContext
  identity: IdentitySession
  /** The browser's fetch and WebSocket unless given (tests hand in a fake socket). */
  liveTransport?: LiveTransport
}

export function LegacyApp({ ctx, identity, liveTransport }: LegacyAppProps) {
  const { sessionState, researchList } = useModels()
  const session = useReadModel(sessionState, selectSession)
  const list = useReadModel(researchList, selectList)
  const [active, setActive] = useState<Active>(readActive)

  const research = active.researchId ? list.byId[active.researchId] : undefined
  const sessions = research ? list.sessionsByResearch[research.id] : undefined
  const openSession = sessions ? (sessions.find((s) => s.id === active.sessionId) ?? sessions[0]) : undefined

  // The API needs the tenant, so the list loads once it is known.
  useEffect(() => {
    if (session.tenantId) void loadResearches(ctx)
  }, [ctx, session.tenantId])

  useEffect(() => {
    if (research && !sessions) void loadSessions(ctx, research.id)
  }, [ctx, research, sessions])

  useEffect(() => {
    writeActive({ researchId: active.researchId, sessionId: openSession?.id ?? active.sessionId })
  }, [active, openSession])

  return (
    <div className="legacy">
      <header className="legacy-header">
        <strong>Sightline</strong>
        <span className="legacy-email">{session.email}</span>
        <button type="button" onClick={() => void identity.signOut()}>
          Sign Out
        </button>
      </header>
      <div className="legacy-body">
        <nav className="legacy-nav" aria-label="Researches">
          <h2>Researches</h2>
          <NewResearch
            onCreate={async (title) => {
              setActive(await createResearch(ctx, { title, tags: [] }))
            }}
          />
          <ResearchItems
            loaded={list.loaded}
            researches={selectResearches(list)}
            activeId={research?.id ?? null}
            onSelect={(researchId) => setActive((a) => (a.researchId === researchId ? a : { researchId, sessionId: null }))}
          />
        </nav>
        <main className="legacy-main">
          {!research ? (
            <p className="legacy-note">Choose a research on the left, or create a new one.</p>
          ) : (
            <>
              <div className="legacy-research">
                <h2>{research.title}</h2>
                {sessions === undefined ? (
                  <span className="legacy-note">Loading workspaces…</span>
                ) : sessions.length === 0 ? (
                  <span className="legacy-note">This research has no workspaces.</span>
                ) : (
                  <label>
                    Workspace{' '}
                    <select value={openSession?.id ?? ''} onChange={(e) => setActive({ researchId: research.id, sessionId: e.target.value })}>
                      <Options items={sessions} value={(s) => s.id} label={(s) => workspaceOption(s)} />
                    </select>
                  </label>
                )}
              </div>
              {openSession && <LegacyWorkspace key={openSession.id} ctx={ctx} identity={identity} researchId={research.id} session={openSession} transport={liveTransport} />}
            </>
          )}
        </main>
      </div>
      <Toasts core={ctx.core} />
    </div>
  )
}

type Active = { researchId: string | null; sessionId: string | null }

const selectSession = (s: SessionState) => s
const selectList = (s: ResearchList) => s

function ResearchItems({ loaded, researches, activeId, onSelect }: { loaded: boolean; researches: Research[]; activeId: string | null; onSelect: (id: string) => void }) {
  if (!loaded) return <p className="legacy-note">Loading researches…</p>
  if (researches.length === 0) return <p className="legacy-note">No researches yet.</p>
  return (
    <ul className="legacy-list">
      {researches.map((r) => (
        <li key={r.id}>
          <button type="button" aria-current={r.id === activeId ? 'true' : undefined} onClick={() => onSelect(r.id)}>
            {r.title}
          </button>
        </li>
      ))}
    </ul>
  )
}

/** "New research" opens a one-field form: Enter creates, Escape cancels (the name is required, trimmed). */
function NewResearch({ onCreate }: { onCreate: (title: string) => Promise<void> }) {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const create = useIntent(async (title: string) => {
    await onCreate(title)
    close()
  })
  const { busy, error } = create

  const close = () => {
    setOpen(false)
    setName('')
    create.reset()
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const title = name.trim()
    if (title === '') return create.fail('Research name is required')
    await create.run(title)
  }

  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        New research
      </button>
    )
  return (
    <form className="legacy-new" onSubmit={submit} noValidate>
      <input
        aria-label="Research name"
        placeholder="Research name"
        value={name}
        disabled={busy}
        autoFocus
        onChange={(e) => {
          setName(e.target.value)
          create.reset()
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close()
        }}
      />
      {error && (
        <p className="legacy-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}

function LegacyWorkspace({
  ctx,
  identity,
  researchId,
  session,
  transport,
}: {
  ctx: IntentContext
  identity: IdentitySession
  researchId: string
  session: Session
  transport: LiveTransport | undefined
}) {
  const frameLoader = useOpenWorkspace(ctx, identity, { researchId, sessionId: session.id }, transport)
  const expired = isSessionExpired(session, ctx.now())
  return (
    <FrameLoaderContext.Provider value={frameLoader}>
      <div className="workspace-shell">
        <WorkspacePage title={sessionLabel(session)} onSignInAgain={() => void identity.signOut()} />
        <InputBar ctx={ctx} researchId={researchId} sessionId={session.id} expired={expired} />
      </div>
    </FrameLoaderContext.Provider>
  )
}

function workspaceOption(s: Session): string {
  return s.status === 'expired' ? `${sessionLabel(s)} (expired)` : sessionLabel(s)
}

// Stored as a query string rather than JSON: two ids, nothing to parse by hand.
function readActive(): Active {
  try {
    const stored = new URLSearchParams(localStorage.getItem(LEGACY_STORAGE_KEY) ?? '')
    return { researchId: stored.get('research') || null, sessionId: stored.get('workspace') || null }
  } catch {
    return { researchId: null, sessionId: null }
  }
}

function writeActive(active: Active): void {
  const stored = new URLSearchParams()
  if (active.researchId) stored.set('research', active.researchId)
  if (active.sessionId) stored.set('workspace', active.sessionId)
  try {
    localStorage.setItem(LEGACY_STORAGE_KEY, stored.toString())
  } catch {
    /* storage may be unavailable (private mode); the choice then lasts until reload */
  }
}
