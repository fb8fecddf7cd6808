/** The outcome of reading untrusted input: the verifier turns `reason` into its answer. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string }
