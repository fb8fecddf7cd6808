import { z } from './zod'

/**
 * Demonstration switches: spoil a correctly signed request in one known way, so a tester sees the exact 401
 * the sandbox gives for it. Named here because a flow file names them too (src/contract/flow.ts).
 */
export const tamperScenarios = ['bad-signature', 'missing-digest', 'stale-date', 'wrong-certificate'] as const
export type TamperScenario = (typeof tamperScenarios)[number]

/** One of them, as the Signature switch keeps it and a shared link carries it. */
export const tamperScenario = z.enum(tamperScenarios)
