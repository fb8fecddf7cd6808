import { z } from 'zod'
import { conditionSet } from './conditions'
import { httpMethod } from './headers'
import { sandboxClockState } from './sandbox-clock'

/** A shared link's payload travels in the URL fragment: never sent to a server, at most this many characters. */
export const MAX_SHARE_FRAGMENT_CHARS = 8192
export const SHARE_FRAGMENT_KEY = 'share'

const header = z.tuple([z.string(), z.string()])

/** One request from the inspector, as the link carries it: what it sent and what it was answered. */
export const sharedRequest = z.strictObject({
  method: httpMethod,
  url: z.string().min(1),
  status: z.int().min(100).max(599).optional(),
  failure: z.string().optional(),
  requestHeaders: z.array(header),
  requestBody: z.string().optional(),
  responseHeaders: z.array(header),
  responseBody: z.string().optional(),
  signingString: z.string().optional(),
  keyId: z.string().optional(),
  condition: z.string().optional(),
})
export type SharedRequest = z.infer<typeof sharedRequest>

/**
 * What "Copy link" shares, versioned so that an older console can say it cannot read a newer link. The
 * settings are those of the one who shared: `null` where they had none (a bank's sandbox has no clock).
 */
export const shareLinkV1 = z.strictObject({
  version: z.literal(1),
  mode: z.enum(['offline', 'proxy']),
  /** The view's query string as the URL holds it (account, filters, page, accept-fix). */
  view: z.string().max(2000),
  tamper: z.string().max(40).nullable(),
  clock: sandboxClockState.nullable(),
  conditions: conditionSet.nullable(),
  request: sharedRequest.optional(),
  /** False when the one who shared chose to keep PSU ids and customer numbers. */
  redacted: z.boolean(),
})
export type ShareLink = z.infer<typeof shareLinkV1>

export const shareLink = z.discriminatedUnion('version', [shareLinkV1])
