import { useState } from 'react'
import {
  behaviourLabel,
  behaviourTraits,
  readOfflinePersonality,
  sameBehaviour,
  writeOfflinePersonality,
} from '../../api'
import type { SandboxBehaviour } from '../../contract'
import { type BankProfileFile, type BankTraitName, bankTraitNames } from '../../contract/bank-profile'
import { compareTraits, requestsSent } from '../../contract/probe'
import { consoleDateTime } from '../../ui/dates'
import { useShownPersonal } from '../presenter'
import { downloadJson } from '../share'
import { MakeOfflineLikeThisBank } from './MakeOfflineLikeThisBank'
import { EvidenceLinks, EvidenceRequest } from './ProbeEvidence'
import { parityRows, traitLabels, traitValueText, unsettledReason } from './parity'
import type { ProbeRun } from './probe-run'
import { probeReportFile } from './report-file'

/** The parity report: the bank's profile beside the offline sandbox's, each trait with its evidence. */
export function ProbeReport({ run }: { run: Extract<ProbeRun, { phase: 'done' }> }) {
  const { outcome, profile, previous, exchanges } = run
  const shown = useShownPersonal()
  const [evidence, setEvidence] = useState<number>()
  const evidenceShown = exchanges.find((exchange) => exchange.index === evidence)
  // Kept here: making offline behave like this bank changes the column beside the bank's.
  const [offline, setOffline] = useState<SandboxBehaviour>(readOfflinePersonality)
  const rows = parityRows(behaviourTraits(offline), outcome.traits)
  const settled = rows.filter((row) => row.same !== undefined).length
  const differing = rows.filter((row) => row.same === false).length
  return (
    <div className="probe-report">
      <p role="status">
        {requestsSent(outcome.requests)}; {settled} of {bankTraitNames.length} traits settled;{' '}
        {differing === 0 ? 'the offline sandbox agrees with every one' : `${differing} differ from offline`}.
      </p>
      {outcome.stopped === undefined ? null : (
        <p className="warning">
          Stopped early: {outcome.stopped}. What the answers before it settled is kept.
        </p>
      )}
      {outcome.accountId === undefined ? null : (
        <p className="muted">
          The probe account <code>{outcome.accountId}</code> (customer {shown(run.customerNumber)}) stays in
          the sandbox.
        </p>
      )}
      {previous === undefined ? null : <SinceLastCheck previous={previous} now={profile} />}
      <div className="table-scroll">
        <table className="probe-parity">
          <caption>
            This bank beside the offline sandbox (offline behaves like: {behaviourLabel(offline)})
          </caption>
          <thead>
            <tr>
              <th scope="col">Trait</th>
              <th scope="col">Offline</th>
              <th scope="col">This bank</th>
              <th scope="col">Evidence</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.trait} data-trait={row.trait}>
                <th scope="row">
                  {traitLabels[row.trait]} <code className="muted">{row.trait}</code>
                </th>
                <td>
                  {row.offline === 'unknown'
                    ? // Left unknown by the profile offline took: it then does as the contract says.
                      `unknown, so the contract's: ${traitValueText(behaviourTraits('console')[row.trait])}`
                    : traitValueText(row.offline)}
                </td>
                <td>
                  {traitValueText(row.bank)}{' '}
                  {row.same === undefined ? null : (
                    <span className={row.same ? 'status ok' : 'status bad'}>
                      {row.same ? 'same' : 'differs'}
                    </span>
                  )}
                </td>
                <td>
                  <EvidenceLinks
                    exchanges={exchanges.filter(({ index }) => outcome.evidence[row.trait]?.includes(index))}
                    accountId={outcome.accountId}
                    shown={evidence}
                    onShow={setEvidence}
                    unsettled={unsettledReason(row.trait, outcome.notProbed)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {evidenceShown === undefined ? null : (
        <EvidenceRequest key={evidenceShown.index} exchange={evidenceShown} accountId={outcome.accountId} />
      )}
      <p className="muted">Not probed at all: quota sizes, which only spending the quota would show.</p>
      <p>
        <button
          type="button"
          onClick={() =>
            downloadJson(
              probeReportFile(run, offline, location.origin, new Date().toISOString()),
              'probe-report',
            )
          }
        >
          Save report
        </button>{' '}
        <button type="button" onClick={() => downloadJson(run.profile, 'bank-profile')}>
          Save profile file
        </button>
      </p>
      <MakeOfflineLikeThisBank
        run={run}
        applied={sameBehaviour(offline, run.profile)}
        onApply={() => {
          writeOfflinePersonality(run.profile)
          setOffline(run.profile)
        }}
      />
    </div>
  )
}

function SinceLastCheck({ previous, now }: { previous: BankProfileFile; now: BankProfileFile }) {
  const { changed, notCheckedNow, notCheckedBefore } = compareTraits(previous.traits, now.traits)
  const when =
    previous.learnedAt === undefined
      ? 'the last check'
      : `the check of ${consoleDateTime(previous.learnedAt)}`
  const labels = (traits: BankTraitName[]) => traits.map((trait) => traitLabels[trait]).join(', ')
  return (
    <div className="probe-changes">
      {changed.length === 0 ? (
        <p>Nothing changed since {when}.</p>
      ) : (
        <>
          <p>
            Changed since {when}: {changed.length} {changed.length === 1 ? 'trait' : 'traits'}.
          </p>
          <ul>
            {changed.map(({ trait, before, after }) => (
              <li key={trait}>
                {traitLabels[trait]}: {traitValueText(before)} → {traitValueText(after)}
              </li>
            ))}
          </ul>
        </>
      )}
      {notCheckedNow.length === 0 ? null : <p>Not checked this time: {labels(notCheckedNow)}.</p>}
      {notCheckedBefore.length === 0 ? null : (
        <p>
          Not checked by {when}: {labels(notCheckedBefore)}.
        </p>
      )}
    </div>
  )
}
