import {
  clockToday,
  type IsoDate,
  localToday,
  realClock,
  type SandboxClockState,
  sandboxClockState,
} from '../contract'

/**
 * Where a clock keeps its state between runs: the browser's localStorage offline, a file beside the data
 * on the local sandbox (server/sandbox-data.ts), nothing (the process's life) with SANDBOX_DATA=memory. `read` may return anything; what does not parse is the real clock.
 */
export interface ClockStorage {
  read(): unknown
  write(state: SandboxClockState): void
}

/**
 * The sandbox's "today" for the domain rules (future dates, date windows, the forms' default dates, the
 * generator, settlement, quotas). Signature, Date-skew and certificate checks never ask it: they keep real
 * time. The engine and the handlers take `today` as their dependency.
 */
export interface SandboxClock {
  /** The clock's day: the real local date moved by the offset, or the frozen date. */
  today(): IsoDate
  /** The machine's (or browser's) own local date. */
  realToday(): IsoDate
  state(): SandboxClockState
  set(state: SandboxClockState): void
}

export interface SandboxClockOptions {
  storage?: ClockStorage
  /** The real local date; tests inject one. */
  realToday?: () => IsoDate
}

export function createSandboxClock({
  storage,
  realToday = () => localToday(),
}: SandboxClockOptions = {}): SandboxClock {
  let memory: SandboxClockState = realClock
  // Read through each time: another tab may have moved the clock kept in the same storage.
  const state = (): SandboxClockState => {
    if (storage === undefined) return memory
    const parsed = sandboxClockState.safeParse(storage.read())
    return parsed.success ? parsed.data : realClock
  }
  return {
    today: () => clockToday(state().setting, realToday()),
    realToday,
    state,
    set(next) {
      memory = next
      storage?.write(next)
    },
  }
}
