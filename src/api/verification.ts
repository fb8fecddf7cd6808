import { signatureErrorCodes, tppMessagesBody } from '../contract'

/** The sandbox's verdict on a request's signature, as the inspector shows it. */
export type Verification =
  | { verified: true; text: string }
  /** `part` is the header at fault (Signature, Digest, Date, TPP-Signature-Certificate, ...), when named. */
  | { verified: false; code: string; part?: string; text: string }

const refusalCodes: readonly string[] = signatureErrorCodes

/**
 * A 401 whose tppMessages carry a signature or certificate code is a refusal, and says what did not match;
 * otherwise `verdict` (what the upstream or the in-browser sandbox said of a request it accepted), if any.
 */
export function readVerification(
  status: number,
  body: string,
  verdict: string | undefined,
): Verification | undefined {
  const refusal = status === 401 ? refusalIn(body) : undefined
  if (refusal) return refusal
  return verdict === undefined ? undefined : { verified: true, text: verdict }
}

function refusalIn(body: string): Verification | undefined {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return undefined
  }
  const parsed = tppMessagesBody.safeParse(json)
  const message = parsed.success
    ? parsed.data.tppMessages.find(({ code }) => refusalCodes.includes(code))
    : undefined
  if (!message) return undefined
  const { code, path, text } = message
  return { verified: false, code, text, ...(path === undefined ? {} : { part: path }) }
}
