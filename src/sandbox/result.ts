import type { Problem } from '../contract'

/** Every expected failure is a value the HTTP glue turns into a tppMessages answer. */
export type Result<T> = { ok: true; value: T } | { ok: false; problem: Problem }

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const fail = (problem: Problem): { ok: false; problem: Problem } => ({ ok: false, problem })
