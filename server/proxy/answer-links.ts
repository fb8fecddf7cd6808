import { API_BASE, CONSOLE_SANDBOX_PREFIX, type ConsoleTrace, SANDBOX_PREFIX } from '../../src/contract'

type MappedLinks = NonNullable<ConsoleTrace['links']>
type Edit = NonNullable<MappedLinks['edits']>[number]

/**
 * How much of the edit record the trace header may carry: past it the record is left out (a header a client
 * cannot take would lose the whole answer), and the count alone says the body was changed.
 */
const EDITS_RECORD_CHARS = 6_000

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const encoder = new TextEncoder()

/**
 * Maps a link of the upstream's onto the console's /api, the way the console reaches it: absolute on the
 * upstream's origin, under its base path, or relative to its service root (`/v1/sandbox/...`) alike; query
 * kept. Undefined for anything else (another origin, another path): that link is left as it came.
 */
export function consolePathOfLink(
  href: string,
  upstream: { origin: string; prefix: string },
): string | undefined {
  const { origin, prefix } = upstream
  const path = href.startsWith(`${origin}/`) ? href.slice(origin.length) : href
  if (!path.startsWith('/')) return undefined
  for (const root of [SANDBOX_PREFIX, CONSOLE_SANDBOX_PREFIX]) {
    if (prefix !== '' && path.startsWith(`${prefix}${root}/`))
      return `${API_BASE}${path.slice(prefix.length)}`
    if (path.startsWith(`${root}/`)) return `${API_BASE}${path}`
  }
  return undefined
}

/**
 * The JSON answer with each `href` string under a `_links` member mapped by `map`, every other byte as the
 * upstream sent it: the text is edited where the hrefs stand, never parsed into values and written again, so
 * number amounts keep every digit. Undefined when nothing changes, or the body is not UTF-8 JSON (relayed as
 * it came).
 */
export function mapAnswerLinks(
  body: Uint8Array,
  map: (href: string) => string | undefined,
): { body: Uint8Array; links: MappedLinks } | undefined {
  let text: string
  try {
    text = utf8.decode(body)
    if (!text.includes('"_links"')) return undefined
    JSON.parse(text) // only valid JSON is edited; the scan below relies on it
  } catch {
    return undefined
  }
  const edits: Edit[] = []
  const parts: string[] = []
  let from = 0
  let shift = 0
  for (const { start, end } of linkHrefs(text)) {
    const literal = text.slice(start, end)
    const href: unknown = JSON.parse(literal)
    const mapped = typeof href === 'string' ? map(href) : undefined
    if (mapped === undefined || mapped === href) continue
    const relayed = JSON.stringify(mapped)
    parts.push(text.slice(from, start), relayed)
    edits.push({ at: start + shift, relayed, upstream: literal })
    shift += relayed.length - literal.length
    from = end
  }
  if (edits.length === 0) return undefined
  parts.push(text.slice(from))
  const fits = JSON.stringify(edits).length <= EDITS_RECORD_CHARS
  return {
    body: encoder.encode(parts.join('')),
    links: { count: edits.length, ...(fits ? { edits } : {}) },
  }
}

interface Frame {
  array: boolean
  /** Inside a `_links` member's value, at any depth. */
  inLinks: boolean
  /** Objects: the member whose value comes next (or came last). */
  key?: string
  expectsKey: boolean
}

/** Where each string value of an `href` member inside `_links` stands in valid JSON `text`, quotes included. */
function* linkHrefs(text: string): Generator<{ start: number; end: number }> {
  const stack: Frame[] = []
  let i = 0
  while (i < text.length) {
    const c = text[i] as string
    if (c !== '"') {
      moveOver(stack, c)
      i++
      continue
    }
    const end = stringEnd(text, i)
    const top = stack.at(-1)
    if (top && !top.array && top.expectsKey) top.key = JSON.parse(text.slice(i, end)) as string
    else if (top && !top.array && top.inLinks && top.key === 'href') yield { start: i, end }
    i = end
  }
}

/**
 * The frames after `c`, a character outside strings: brackets open and close frames, a colon ends an
 * object's key and a comma starts its next. Whitespace and the characters of numbers, true, false and null
 * change nothing.
 */
function moveOver(stack: Frame[], c: string) {
  const top = stack.at(-1)
  if (c === '{' || c === '[') {
    const inLinks = top !== undefined && (top.inLinks || (!top.array && top.key === '_links'))
    stack.push({ array: c === '[', inLinks, expectsKey: c === '{' })
  } else if (c === '}' || c === ']') {
    stack.pop()
  } else if (c === ':' && top) {
    top.expectsKey = false
  } else if (c === ',' && top && !top.array) {
    top.expectsKey = true
  }
}

/** The index just past the closing quote of the JSON string opening at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1
  while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1
  return i + 1
}

/** Whether the proxy may edit an answer: declared JSON, and its bytes not encoded (gzip...). */
export function isEditableJson(
  contentType: string | undefined,
  contentEncoding: string | undefined,
): boolean {
  const type = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? ''
  const json = type === 'application/json' || /^application\/[^/]+\+json$/.test(type)
  return json && (contentEncoding === undefined || contentEncoding.trim().toLowerCase() === 'identity')
}
