import { behaviourLabel, behaviourTraits, type RequestLogEntry } from '../../api'
import { CONSOLE_FILE_FORMAT, CONSOLE_FILE_VERSION, type SandboxBehaviour } from '../../contract'
import { toHar } from '../share'
import { requestLine } from './ProbeEvidence'
import { parityRows, traitLabels, unsettledReason } from './parity'
import { logEntryOf, type ProbeRun } from './probe-run'

/**
 * The parity report as a console file ("Save report"), for a colleague or a ticket: each trait on both
 * sides with its verdict and the requests that settled it, the learned profile, and those requests as a
 * HAR log redacted as the Share dialog's export is by default (customer numbers, PSU ids and the signature
 * parameter read `[redacted]`).
 */
export function probeReportFile(
  run: Extract<ProbeRun, { phase: 'done' }>,
  offline: SandboxBehaviour,
  origin: string,
  exportedAt: string,
) {
  const { outcome, profile, exchanges } = run
  const settledBy = (indices: readonly number[] | undefined) =>
    exchanges
      .filter(({ index }) => indices?.includes(index))
      .map((exchange) => requestLine(exchange, outcome.accountId))
  const entries: RequestLogEntry[] = exchanges.map((exchange) => ({
    ...logEntryOf(exchange),
    kind: 'request',
    id: exchange.index,
  }))
  return {
    format: CONSOLE_FILE_FORMAT,
    version: CONSOLE_FILE_VERSION,
    kind: 'probe-report',
    exportedAt,
    ...(profile.source === undefined ? {} : { source: profile.source }),
    ...(profile.learnedAt === undefined ? {} : { learnedAt: profile.learnedAt }),
    requestsSent: outcome.requests,
    ...(outcome.stopped === undefined ? {} : { stoppedEarly: outcome.stopped }),
    offlineBehavesLike: behaviourLabel(offline),
    traits: parityRows(behaviourTraits(offline), outcome.traits).map((row) => ({
      trait: row.trait,
      name: traitLabels[row.trait],
      offline: row.offline,
      bank: row.bank,
      verdict: row.same === undefined ? 'unknown' : row.same ? 'same' : 'differs',
      ...(row.same === undefined
        ? { unknownBecause: unsettledReason(row.trait, outcome.notProbed) }
        : { settledBy: settledBy(outcome.evidence[row.trait]) }),
    })),
    profile,
    // toHar lists the inspector's newest-first log oldest first: the probe's requests are oldest first.
    evidence: toHar([...entries].reverse(), origin, { redact: true }).log,
  }
}
