import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import {
  type Mode,
  type RequestLogEntry,
  readAgainUnderSwitch,
  useApiClient,
  useSetSandboxClock,
  writeOfflinePersonality,
  writeToStorage,
} from '../../api'
import type { SharedRequest, ShareLink } from '../../contract'
import { Dialog, DialogCancel } from '../../ui/Dialog'
import { useSaveConditions } from '../conditions'
import { RequestBody } from '../inspector'
import { parseView, useView } from '../view-state'
import { type DecodedLink, decodeShareLink } from './link-codec'
import { personalityOf, plannedChanges, type SettingChange, withinConsent } from './share-link'
import { useShareSettings } from './use-share-settings'

// Set when the user accepted a link's changes and the page reloads to apply one (the mode, the bank
// personality): the link, the changes accepted and the setting the reload was for. After the reload the
// rest applies unasked only if it is among them; anything else asks again. Read once.
const ACCEPTED_KEY = 'sandbox-console.share-accepted'

interface Accepted {
  changes: SettingChange[]
  reloadedFor: SettingChange['setting']
}

function takeAccepted(fragment: string): Accepted | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(ACCEPTED_KEY) ?? 'null')
    sessionStorage.removeItem(ACCEPTED_KEY)
    return stored?.fragment === fragment && Array.isArray(stored.changes) ? stored : undefined
  } catch {
    return undefined
  }
}

interface SharedLinkOpenerProps {
  /**
   * The fragment as the page opened: the console may rewrite its URL (the first account) before this
   * loads or the user answers.
   */
  fragment: string
  /** Reloads the console in the other mode (the mode is chosen at start). */
  onSwitchMode: (mode: Mode) => Promise<void>
}

/** Opens a link made by "Copy link": asks before it changes a setting, then shows its view and request. */
export function SharedLinkOpener({ fragment, onSwitchMode }: SharedLinkOpenerProps) {
  const [decoded, setDecoded] = useState<DecodedLink>()
  const [phase, setPhase] = useState<'reading' | 'asking' | 'applying' | 'open' | 'done'>('reading')
  const [failure, setFailure] = useState<string>()
  // The changes as asked, while they are applied: each setting written would drop out of a list computed
  // afresh, leaving an empty one should the user stay on the page the console meant to reload.
  const [accepted, setAccepted] = useState<SettingChange[]>()
  const { ready, ...here } = useShareSettings()
  const [, setView] = useView()
  const applySettings = useApplyLinkSettings()
  const started = useRef(false)
  // The reload "Change and open" ends with, run by the effect below once the dialog is no longer busy: a busy
  // dialog has the browser ask "Leave site?" (src/ui/Dialog.tsx), and a reload the user asked for must not be
  // questioned, nor leave every button disabled should something else ask and the user stay.
  const [reload, setReload] = useState<{ run: () => Promise<void> }>()
  useEffect(() => {
    void reload?.run()
  }, [reload])
  const reloadWithLink = () => history.replaceState(null, '', location.pathname + location.search + fragment)

  useEffect(() => {
    void decodeShareLink(fragment).then((result) => {
      if (result) setDecoded(result)
      else setPhase('done')
    })
  }, [fragment])

  const link = decoded?.ok ? decoded.link : undefined
  const changes = link && ready ? plannedChanges(link, here) : undefined

  const open = (shared: ShareLink) => {
    sessionStorage.removeItem(ACCEPTED_KEY)
    // Replaces the address, fragment included: the view's URL is the one to keep and to share on.
    setView(parseView(shared.view), { replace: true })
    if (location.hash) history.replaceState(null, '', location.pathname + location.search)
    setPhase(shared.request ? 'open' : 'done')
  }

  const fail = (error: unknown) => {
    setFailure(error instanceof Error ? error.message : String(error))
    setAccepted(undefined)
    setPhase('asking')
  }

  /** Reloads with the link for `setting`, the dialog left open and usable (its changes listed) meanwhile. */
  const reloadFor = (
    setting: SettingChange['setting'],
    pending: SettingChange[],
    run: () => Promise<void>,
  ) => {
    const accepted: Accepted = { changes: pending, reloadedFor: setting }
    writeToStorage("the shared link's accepted changes", () =>
      sessionStorage.setItem(ACCEPTED_KEY, JSON.stringify({ fragment, ...accepted })),
    )
    reloadWithLink()
    setPhase('asking')
    setReload({ run: () => run().catch(fail) })
  }

  const apply = async (shared: ShareLink, pending: SettingChange[]) => {
    setAccepted(pending)
    setFailure(undefined)
    try {
      // The mode is chosen at start: the rest is set after the reload, in the mode it was listed for.
      if (changesSetting(pending, 'Mode')) return reloadFor('Mode', pending, () => onSwitchMode(shared.mode))
      setPhase('applying')
      await applySettings(shared, pending)
      // The in-browser sandbox takes its bank personality at its start. The rest is set in place: the
      // header's switches and badges follow their stores and queries.
      if (changesSetting(pending, 'Bank personality')) {
        return reloadFor('Bank personality', pending, async () => location.reload())
      }
      open(shared)
    } catch (error) {
      fail(error)
    }
  }

  useEffect(() => {
    if (started.current || phase !== 'reading' || !link || !changes) return
    started.current = true
    const accepted = takeAccepted(fragment)
    if (changes.length === 0) open(link)
    // The reload left what it was for unchanged: that cannot be set here, and asking again would only reload
    // again, for ever. The view opens as this console has it.
    else if (accepted && changesSetting(changes, accepted.reloadedFor)) open(link)
    else if (accepted && withinConsent(changes, accepted.changes)) void apply(link, changes)
    else setPhase('asking')
  })

  if (decoded && !decoded.ok && phase !== 'done') {
    return <UnreadableLinkDialog reason={decoded.reason} onClose={() => setPhase('done')} />
  }
  const listed = accepted ?? changes
  if (link && listed && (phase === 'asking' || phase === 'applying')) {
    return (
      <ChangesDialog
        link={link}
        changes={listed}
        applying={phase === 'applying'}
        failure={failure}
        onOpen={() => open(link)}
        onApply={() => void apply(link, listed)}
      />
    )
  }
  if (link?.request && phase === 'open') {
    return (
      <SharedRequestDialog
        request={link.request}
        sentIn={link.mode}
        redacted={link.redacted}
        onClose={() => setPhase('done')}
      />
    )
  }
  return null
}

/**
 * Sets here what a link changes short of the mode, as accepted: the clock, the conditions, the bank
 * personality, the Signature.
 * In that order: moving the clock is a signed request that a spoiled Signature or a link's fault condition
 * would refuse, and a Signature is spoiled only once everything else is set, so a failure leaves it as it was.
 */
function useApplyLinkSettings() {
  const { settings } = useApiClient()
  const queryClient = useQueryClient()
  const saveConditions = useSaveConditions()
  const setClock = useSetSandboxClock()
  return async (shared: ShareLink, pending: readonly SettingChange[]) => {
    if (shared.clock && changesSetting(pending, 'Sandbox clock')) {
      await setClock.mutateAsync(shared.clock)
    }
    if (shared.conditions && changesSetting(pending, 'Conditions')) {
      await saveConditions.mutateAsync(shared.conditions)
    }
    // Taken by the offline sandbox at its start: the reload that follows applies it.
    const personality = personalityOf(shared)
    if (personality !== null && changesSetting(pending, 'Bank personality')) {
      writeOfflinePersonality(personality)
    }
    if (changesSetting(pending, 'Signature')) {
      settings.tamper.write(shared.tamper ?? undefined)
      // As the header's switch does: what is on screen was answered under the Signature as it was.
      void readAgainUnderSwitch(queryClient)
    }
  }
}

const changesSetting = (changes: readonly SettingChange[], setting: SettingChange['setting']) =>
  changes.some((change) => change.setting === setting)

function UnreadableLinkDialog({ reason, onClose }: { reason: string; onClose: () => void }) {
  return (
    <Dialog help="explain-share" title="This link cannot be opened" onClose={onClose}>
      <p className="confirm-body">The console cannot read this link: {reason}.</p>
      <footer className="dialog-actions">
        <DialogCancel>Close</DialogCancel>
      </footer>
    </Dialog>
  )
}

/** Asks before a link changes settings here: each change listed, and what a mode switch means. */
function ChangesDialog({
  link,
  changes,
  applying,
  failure,
  onOpen,
  onApply,
}: {
  link: ShareLink
  changes: readonly SettingChange[]
  applying: boolean
  /** Why applying the changes failed, the last time it was tried. */
  failure: string | undefined
  onOpen: () => void
  onApply: () => void
}) {
  return (
    <Dialog help="explain-share" title="Open the shared view?" onClose={onOpen} busy={applying}>
      <div className="confirm-body">
        <p>The link was made with other settings. Opening it as made changes:</p>
        <ul className="share-changes">
          {changes.map((change) => (
            <li key={change.setting}>
              <strong>{change.setting}</strong>: {change.from} → {change.to}
            </li>
          ))}
        </ul>
        {changesSetting(changes, 'Mode') ? (
          <p className="muted">
            Switching the mode reloads the console; the rest is then set in{' '}
            {link.mode === 'proxy' ? 'Proxy' : 'Offline'} mode
            {link.mode === 'proxy' ? ", where the conditions are the proxy's, for every tab" : ''}. Should the
            reload find more to change than this, the console asks again.
          </p>
        ) : null}
      </div>
      {failure ? (
        <p className="form-alert" role="alert">
          Could not apply them: {failure}
        </p>
      ) : null}
      <footer className="dialog-actions">
        <button type="button" onClick={onOpen} disabled={applying}>
          Open without changing them
        </button>
        <button type="button" className="primary" onClick={onApply} disabled={applying}>
          Change and open
        </button>
      </footer>
    </Dialog>
  )
}

function SharedRequestDialog({
  request,
  sentIn,
  redacted,
  onClose,
}: {
  request: SharedRequest
  /** The mode of the one who shared it: curl is offered as that mode could send it. */
  sentIn: Mode
  redacted: boolean
  onClose: () => void
}) {
  const { signingString, keyId, method, url, requestHeaders, responseHeaders, ...rest } = request
  const entry: RequestLogEntry = {
    kind: 'request',
    id: 0,
    startedAt: 0,
    durationMs: 0,
    method,
    url,
    requestHeaders,
    responseHeaders,
    ...(signingString !== undefined && keyId !== undefined ? { signing: { signingString, keyId } } : {}),
  }
  // The optional parts the link holds (status, bodies, failure, condition), without undefined ones.
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) Object.assign(entry, { [key]: value })
  }
  return (
    <Dialog
      help="explain-share"
      title={`Shared request: ${request.method} ${request.url}`}
      onClose={onClose}
      wide
    >
      {/* A dialog's introduction (styles.css): whole above the request's scrolling body, never squeezed. */}
      <p className="hint">
        As the one who shared it saw it in their inspector
        {redacted ? '; PSU ids and customer numbers are redacted' : ''}.
      </p>
      <RequestBody entry={entry} sentIn={sentIn} />
    </Dialog>
  )
}
