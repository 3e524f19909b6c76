/**
 * `/settings`: a real settings view where the spec had a placeholder — profile (display name), the
 * account type, tenant and email as the backend knows them, a corporate tenant's members (who manages it
 * removes the others: MembersSection), the colour theme, and the identity and
 * analysis providers this server uses; and the 'Developer tools' switch (the Dev menu and its replay
 * panel), off in a production build until turned on here.
 */
import { RadioGroup, Switch } from 'radix-ui'
import { type FormEvent, useState } from 'react'
import { accountTypeLabel } from '../../domain/rules/accounts'
import type { SessionState } from '../../projections/session-state'
import { updateDisplayName } from '../../streams/project-intents'
import { useServices } from '../app-services'
import { useIntent } from '../hooks/use-intent'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { FormError } from '../shared/FormDialog'
import { MembersSection } from './MembersSection'
import { useDeveloperTools, writeDeveloperTools } from '../developer-tools'
import { applyTheme, readTheme, type Theme } from '../theme'

const selectSession = (s: SessionState) => s
const providerLabels: Record<string, string> = { local: 'Local analyser (built in, deterministic)', openai: 'OpenAI-compatible model' }

export function SettingsView() {
  const { ctx, identity, authProvider, analysisProvider } = useServices()
  const session = useReadModel(useModels().sessionState, selectSession)
  const [name, setName] = useState(session.user?.displayName ?? '')
  const [theme, setTheme] = useState<Theme>(readTheme)
  const developerTools = useDeveloperTools()
  const uid = session.user?.uid ?? ''

  const rename = useIntent(() => updateDisplayName(ctx, uid, name, identity.updateDisplayName))
  const save = (e: FormEvent) => {
    e.preventDefault()
    void rename.run()
  }

  return (
    <section className="page settings" aria-labelledby="settings-title">
      <header className="page-head">
        <h2 id="settings-title">Settings</h2>
      </header>
      <form className="card settings-card" onSubmit={save} aria-labelledby="profile-title">
        <h3 id="profile-title">Profile</h3>
        <label className="field">
          <span>Display name</span>
          <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={200} />
        </label>
        <FormError error={rename.error} />
        <div>
          <button type="submit" className="btn primary" disabled={rename.busy || name.trim() === (session.user?.displayName ?? '')}>
            {rename.busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
      <section className="card settings-card" aria-labelledby="account-title">
        <h3 id="account-title">Account</h3>
        <dl className="facts">
          <dt>Email</dt>
          <dd>{session.email}</dd>
          <dt>Account type</dt>
          <dd>{accountTypeLabel(session.authType)}</dd>
          <dt>Tenant</dt>
          <dd>
            {session.tenantId}
            {session.derivedLocally && <span className="muted small"> (derived locally: the server could not be reached)</span>}
          </dd>
          <dt>Email verified</dt>
          <dd>{session.user?.emailVerified ? 'Yes' : 'No'}</dd>
        </dl>
      </section>
      {session.authType === 'corporate' && session.access === 'granted' && <MembersSection uid={uid} />}
      <section className="card settings-card" aria-labelledby="theme-title">
        <h3 id="theme-title">Appearance</h3>
        <RadioGroup.Root
          className="radio-row"
          value={theme}
          aria-labelledby="theme-title"
          onValueChange={(v) => {
            setTheme(v as Theme)
            applyTheme(v as Theme)
          }}
        >
          {(['system', 'light', 'dark'] as const).map((t) => (
            <label key={t}>
              <RadioGroup.Item value={t} className="radio">
                <RadioGroup.Indicator className="radio-dot" />
              </RadioGroup.Item>
              {t === 'system' ? 'As the system' : t === 'light' ? 'Light' : 'Dark'}
            </label>
          ))}
        </RadioGroup.Root>
      </section>
      <section className="card settings-card" aria-labelledby="developer-title">
        <h3 id="developer-title">Developer</h3>
        <label className="switch-row">
          <Switch.Root className="switch" checked={developerTools} onCheckedChange={writeDeveloperTools} aria-describedby="developer-help">
            <Switch.Thumb className="switch-thumb" />
          </Switch.Root>
          Developer tools
        </label>
        <p id="developer-help" className="muted small">
          Shows the Dev menu in the top bar: replay a recorded session, or the open workspace's live log, through the app's own code.
        </p>
      </section>
      <section className="card settings-card" aria-labelledby="providers-title">
        <h3 id="providers-title">Services</h3>
        <dl className="facts">
          <dt>Sign-in</dt>
          <dd>{authProvider}</dd>
          <dt>Analysis</dt>
          <dd>{providerLabels[analysisProvider] ?? analysisProvider}</dd>
        </dl>
      </section>
    </section>
  )
}
