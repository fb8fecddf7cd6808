import { behaviourListed, type RequestLogEntry, sameBehaviour } from '../../api'
import {
  type ConditionSet,
  describeCondition,
  type SandboxBehaviour,
  type SandboxClockState,
  SHARE_LINK_VERSION,
  type SharedRequest,
  type ShareLink,
} from '../../contract'
import { type TamperScenario, tamperInSentence } from '../../signing/tamper-scenarios'
import { redactBody, redactHeaders, redactSigningString, withoutSecrets } from './redact'

/** The settings that shape what the console shows beyond its URL: a link carries them and asks before it changes one. */
export interface ShareSettings {
  mode: ShareLink['mode']
  tamper: TamperScenario | null
  clock: SandboxClockState | null
  conditions: ConditionSet | null
  /** The bank offline mode behaves like; null in proxy mode, where it is the sandbox server's. */
  personality: SandboxBehaviour | null
}

export function sharedRequestOf(entry: RequestLogEntry, { redact }: { redact: boolean }): SharedRequest {
  const body = (text: string | undefined) => (text === undefined || !redact ? text : redactBody(text))
  const headers = (list: readonly [string, string][]) =>
    redact ? redactHeaders(withoutSecrets(list)) : withoutSecrets(list)
  const request: SharedRequest = {
    method: entry.method,
    url: entry.url,
    requestHeaders: headers(entry.requestHeaders),
    responseHeaders: headers(entry.responseHeaders),
  }
  const optional = {
    status: entry.status,
    failure: entry.failure,
    requestBody: body(entry.requestBody),
    responseBody: body(entry.responseBody),
    signingString:
      entry.signing && redact
        ? redactSigningString(entry.signing.signingString)
        : entry.signing?.signingString,
    keyId: entry.signing?.keyId,
    condition: entry.condition,
  }
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(request, { [key]: value })
  }
  return request
}

export function buildShareLink(
  settings: ShareSettings,
  viewSearch: string,
  entry: RequestLogEntry | undefined,
  { redact }: { redact: boolean },
): ShareLink {
  return {
    version: SHARE_LINK_VERSION,
    ...settings,
    view: viewSearch,
    ...(entry ? { request: sharedRequestOf(entry, { redact }) } : {}),
    redacted: redact,
  }
}

export interface SettingChange {
  setting: 'Mode' | 'Sandbox clock' | 'Conditions' | 'Bank personality' | 'Signature'
  from: string
  to: string
}

const modeNames: Record<ShareLink['mode'], string> = { offline: 'Offline', proxy: 'Proxy' }

function clockText(clock: SandboxClockState | null): string {
  if (clock === null) return 'none'
  const { setting, settlePendingAfterDays } = clock
  const base =
    setting.kind === 'frozen'
      ? `frozen on ${setting.date}`
      : setting.offsetDays === 0
        ? 'the real date'
        : `${setting.offsetDays > 0 ? '+' : ''}${setting.offsetDays} days`
  return settlePendingAfterDays === null
    ? base
    : `${base}, settles pending after ${settlePendingAfterDays} days`
}

function conditionsText(conditions: ConditionSet | null): string {
  if (conditions === null || conditions.rules.length === 0) return 'none'
  return conditions.rules.map(describeCondition).join('; ')
}

// In the header badge's words ("Signature: bad signature").
const tamperText = (tamper: TamperScenario | null) =>
  tamper === null ? 'signed correctly' : tamperInSentence(tamper)

/**
 * What opening the link would change, each named, in the mode it is applied in. When the link switches the
 * mode, the rest is applied after the reload, to the other mode's settings (in Proxy mode the proxy's
 * conditions, for every tab), which this tab cannot read: each setting the link holds is listed, from
 * whatever that mode has.
 */
export function plannedChanges(link: ShareLink, here: ShareSettings): SettingChange[] {
  if (link.mode === here.mode) return changesOf(link, here)
  const there = `as ${modeNames[link.mode]} mode has it`
  return [
    { setting: 'Mode', from: modeNames[here.mode], to: modeNames[link.mode] },
    ...(link.clock === null
      ? []
      : [{ setting: 'Sandbox clock' as const, from: there, to: clockText(link.clock) }]),
    ...(link.conditions === null
      ? []
      : [{ setting: 'Conditions' as const, from: there, to: conditionsText(link.conditions) }]),
    ...personalityChange(link, there),
    { setting: 'Signature', from: there, to: tamperText(link.tamper) },
  ]
}

/**
 * The personality a link sets, from what the other mode has: none when the link carries none. Named as the
 * clock panel's list names it, where the user would set it by hand.
 */
function personalityChange(link: ShareLink, from: string): SettingChange[] {
  const personality = personalityOf(link)
  return personality === null ? [] : [{ setting: 'Bank personality', from, to: behaviourListed(personality) }]
}

/** Whether `changes` are all among those the user accepted (the same setting set to the same value). */
export function withinConsent(
  changes: readonly SettingChange[],
  accepted: readonly SettingChange[],
): boolean {
  return changes.every((change) =>
    accepted.some(({ setting, to }) => setting === change.setting && to === change.to),
  )
}

/**
 * What opening the link would change here, each named; a setting the link or this console does not know
 * (a bank's sandbox has no clock) is left as it is.
 */
export function changesOf(link: ShareLink, here: ShareSettings): SettingChange[] {
  const changes: SettingChange[] = []
  const add = (setting: SettingChange['setting'], from: string, to: string, same = from === to) => {
    if (!same) changes.push({ setting, from, to })
  }
  add('Mode', modeNames[here.mode], modeNames[link.mode])
  if (link.clock !== null && here.clock !== null) {
    add('Sandbox clock', clockText(here.clock), clockText(link.clock))
  }
  if (link.conditions !== null) {
    const same = JSON.stringify(here.conditions?.rules ?? []) === JSON.stringify(link.conditions.rules)
    add('Conditions', conditionsText(here.conditions), conditionsText(link.conditions), same)
  }
  const personality = personalityOf(link)
  if (personality !== null && here.personality !== null) {
    const same = sameBehaviour(here.personality, personality)
    add('Bank personality', behaviourListed(here.personality), behaviourListed(personality), same)
  }
  add('Signature', tamperText(here.tamper), tamperText(link.tamper))
  return changes
}

/**
 * The bank personality a link sets, or null, which leaves this console's as it is: a link made before links
 * carried it (version 1), or one made in proxy mode.
 */
export const personalityOf = (link: ShareLink): SandboxBehaviour | null =>
  link.version === 1 ? null : link.personality
