import type { SuspectRequest } from '../../signing/diagnosis'

export type RequestFormat = 'raw HTTP' | 'curl' | 'HAR'

export type Reading =
  | {
      ok: true
      format: RequestFormat
      request: SuspectRequest
      /** What was left out or guessed while reading, in words. */
      notes: string[]
      /** A HAR file's `log.creator.name`: which tool wrote it. */
      creator?: string
      /** A HAR file with several entries: one label per entry, to pick the one to diagnose. */
      entries?: string[]
    }
  | { ok: false; reason: string }

/** Path and query of a request-line target or a URL as written, without normalising its encoding. */
export function pathAndQuery(target: string): string {
  const withoutFragment = target.replace(/#.*$/s, '')
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?]*/i.exec(withoutFragment)
  const rest = absolute ? withoutFragment.slice(absolute[0].length) : withoutFragment
  if (rest === '' || rest.startsWith('?')) return `/${rest}`
  return rest.startsWith('/') ? rest : `/${rest}`
}

export const utf8 = (text: string) => new TextEncoder().encode(text)
