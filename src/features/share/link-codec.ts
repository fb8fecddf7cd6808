import {
  MAX_SHARE_FRAGMENT_CHARS,
  SHARE_FRAGMENT_KEY,
  SHARE_LINK_VERSION,
  type ShareLink,
  shareLink,
} from '../../contract'
import { base64UrlToBytes, bytesToBase64Url } from '../../signing/base64'

async function pipe(
  bytes: Uint8Array,
  transform: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(transform)
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

export type EncodedLink = { ok: true; fragment: string } | { ok: false; chars: number }

/** `#share=<base64url of deflate-raw JSON>`, or how long it would be when it passes the limit. */
export async function encodeShareLink(link: ShareLink): Promise<EncodedLink> {
  const json = new TextEncoder().encode(JSON.stringify(shareLink.parse(link)))
  const fragment = `#${SHARE_FRAGMENT_KEY}=${bytesToBase64Url(await pipe(json, new CompressionStream('deflate-raw')))}`
  return fragment.length <= MAX_SHARE_FRAGMENT_CHARS
    ? { ok: true, fragment }
    : { ok: false, chars: fragment.length }
}

export type DecodedLink = { ok: true; link: ShareLink } | { ok: false; reason: string }

/** Undefined when the fragment is no shared link at all. */
export async function decodeShareLink(hash: string): Promise<DecodedLink | undefined> {
  const prefix = `#${SHARE_FRAGMENT_KEY}=`
  if (!hash.startsWith(prefix)) return undefined
  if (hash.length > MAX_SHARE_FRAGMENT_CHARS) return { ok: false, reason: 'the link is longer than 8 KB' }
  let value: unknown
  try {
    const compressed = base64UrlToBytes(hash.slice(prefix.length))
    if (compressed === undefined) throw new Error('not base64url')
    const bytes = await pipe(compressed, new DecompressionStream('deflate-raw'))
    value = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return { ok: false, reason: 'the link is cut short or damaged (copy it again, whole)' }
  }
  const parsed = shareLink.safeParse(value)
  if (parsed.success) return { ok: true, link: parsed.data }
  const version =
    typeof value === 'object' && value !== null && 'version' in value ? value.version : undefined
  return {
    ok: false,
    reason:
      typeof version === 'number' && version > SHARE_LINK_VERSION
        ? `the link was made by a newer console (version ${version})`
        : 'the link does not hold a view this console can read',
  }
}
