import { conditionSet } from './conditions'
import { httpMethod } from './headers'
import { modes } from './routes'
import { sandboxClockState } from './sandbox-clock'
import { sandboxBehaviour } from './scenario'
import { tamperScenario } from './tamper-scenarios'
import { z } from './zod'

/** A shared link's payload travels in the URL fragment: never sent to a server, at most this many characters. */
export const MAX_SHARE_FRAGMENT_CHARS = 8192
export const SHARE_FRAGMENT_KEY = 'share'

const header = z.tuple([z.string(), z.string()])

/** One request from the inspector, as the link carries it: what it sent and what it was answered. */
export const sharedRequest = z.strictObject({
  method: httpMethod,
  url: z.string().check(z.minLength(1)),
  status: z.optional(z.int().check(z.gte(100), z.lte(599))),
  failure: z.optional(z.string()),
  requestHeaders: z.array(header),
  requestBody: z.optional(z.string()),
  responseHeaders: z.array(header),
  responseBody: z.optional(z.string()),
  signingString: z.optional(z.string()),
  keyId: z.optional(z.string()),
  condition: z.optional(z.string()),
})
export type SharedRequest = z.infer<typeof sharedRequest>

/**
 * What "Copy link" shares, versioned so that an older console can say it cannot read a newer link. The
 * settings are those of the one who shared: `null` where they had none (a bank's sandbox has no clock).
 * Each is read with its own setting's schema: a value the setting could not take would be listed as a
 * change, then never be set, and asked for again after every reload.
 */
export const shareLinkV1 = z.strictObject({
  version: z.literal(1),
  mode: z.enum(modes),
  /** The view's query string as the URL holds it (account, filters, page, accept-fix). */
  view: z.string().check(z.maxLength(2000)),
  tamper: z.nullable(tamperScenario),
  clock: z.nullable(sandboxClockState),
  conditions: z.nullable(conditionSet),
  request: z.optional(sharedRequest),
  /** False when the one who shared chose to keep PSU ids and customer numbers. */
  redacted: z.boolean(),
})

/**
 * Version 2 adds the bank personality offline mode behaves like (null from proxy mode, where it is the
 * sandbox server's own start-up setting). A version 1 link carries none, and opens as before.
 */
export const shareLinkV2 = z.extend(shareLinkV1, {
  version: z.literal(2),
  personality: z.nullable(sandboxBehaviour),
})

export const shareLink = z.discriminatedUnion('version', [shareLinkV1, shareLinkV2])
export type ShareLink = z.infer<typeof shareLink>

/** The newest link this console writes; a higher version is a newer console's. */
export const SHARE_LINK_VERSION = 2
