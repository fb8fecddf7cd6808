import { useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import {
  ApiError,
  MAX_REQUEST_TIMEOUT_MS,
  MIN_REQUEST_TIMEOUT_MS,
  readRequestTimeoutMs,
  secondsText,
  useApiClient,
  writeRequestTimeoutMs,
} from '../../api'
import {
  type ConditionKind,
  type ConditionRule,
  conditionKinds,
  conditionLabel,
  conditionRule,
  type OperationName,
  PSD2_READS_PER_DAY,
  psd2QuotaRule,
  routeList,
} from '../../contract'
import { Dialog } from '../../ui/Dialog'
import { focusFirstInvalid } from '../../ui/focus-invalid'
import { Messages } from '../../ui/Messages'
import {
  type ConditionsFormErrors,
  conditionsFormErrors,
  hasErrors,
  type RuleField,
  ruleFieldKey,
  ruleFieldLabels,
  timeoutProblem,
} from './conditions-form-errors'
import { useConditions, useSaveConditions } from './conditions-hooks'
import type { ConditionsView } from './conditions-source'
import { changedRule, newRule, nextRuleId } from './rules'

const kindLabels: Record<ConditionKind, string> = {
  latency: 'Latency',
  error: '500 / 503',
  quota: '429 after N reads a day',
  timeout: 'Timeout',
  reset: 'Connection reset',
}

/**
 * Faults, latency and quotas per operation, the same in both modes: offline the in-browser sandbox applies
 * them, in proxy mode the proxy, before it forwards. Edited as a draft, applied by Save.
 */
export function ConditionsDialog({ onClose }: { onClose: () => void }) {
  const conditions = useConditions()
  return (
    <Dialog help="test-conditions" title="Conditions" onClose={onClose} wide>
      {conditions.data ? (
        <ConditionsForm saved={conditions.data} onClose={onClose} />
      ) : conditions.isError ? (
        <div className="dialog-body">
          <p role="alert">The conditions could not be read: {conditions.error.message}</p>
        </div>
      ) : (
        <p className="dialog-body">Loading…</p>
      )}
    </Dialog>
  )
}

function ConditionsForm({ saved, onClose }: { saved: ConditionsView; onClose: () => void }) {
  const { mode } = useApiClient()
  const save = useSaveConditions()
  const [rules, setRules] = useState<ConditionRule[]>(saved.rules)
  // Read once: the hint speaks of it while the typed value is one the form refuses.
  const [keptTimeoutMs] = useState(readRequestTimeoutMs)
  const [timeoutSeconds, setTimeoutSeconds] = useState(() => String(keptTimeoutMs / 1000))
  const typedTimeoutMs = Number(timeoutSeconds) * 1000
  const hintTimeoutMs = timeoutProblem(timeoutSeconds) === undefined ? typedTimeoutMs : keptTimeoutMs
  const [adding, setAdding] = useState<Partial<Record<OperationName, ConditionKind>>>({})
  const [errors, setErrors] = useState<ConditionsFormErrors>()
  const form = useRef<HTMLFormElement>(null)
  const actions = useRef<HTMLDivElement>(null)
  const timeoutErrorId = useId()

  const update = (id: string, change: Partial<Record<string, unknown>>) =>
    setRules((current) => current.map((rule) => (rule.id === id ? changedRule(rule, change) : rule)))
  // The rule is shown above the button that added it, which it pushes down: at 800×600 the focused PSD2
  // button went behind the pinned actions. Rendered at once, the focus is scrolled back above them.
  const add = (rule: ConditionRule) => {
    flushSync(() => setRules((current) => [...current, rule]))
    document.activeElement?.scrollIntoView({ block: 'nearest' })
  }
  // Remove all is disabled under the focus once nothing is left, which dropped it to the page's body with
  // the dialog open: it goes on to the first enabled action beside it, Save conditions, which applies that.
  const removeAll = () => {
    flushSync(() => setRules([]))
    actions.current?.querySelector<HTMLElement>('button:not(:disabled)')?.focus()
  }

  // A rule's Remove goes with its row, which dropped the focus to the page's body: it goes on to its
  // operation's Add, where a rule of that operation comes from.
  const removeRule = (id: string, button: HTMLElement) => {
    const operation = button.closest('.conditions-operation')
    flushSync(() => setRules((current) => current.filter((rule) => rule.id !== id)))
    operation?.querySelector<HTMLElement>('.conditions-add button')?.focus()
  }

  const submit = () => {
    const found = conditionsFormErrors(rules, timeoutSeconds)
    focusFirstInvalid(form.current, () => setErrors(found))
    if (hasErrors(found)) return
    writeRequestTimeoutMs(typedTimeoutMs)
    save.mutate({ rules }, { onSuccess: onClose })
  }

  return (
    <form
      ref={form}
      className="dialog-body"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <p>
        {mode === 'offline'
          ? 'The in-browser sandbox applies these before it looks at a request: an injected answer changes nothing stored. They are kept in this browser.'
          : 'The proxy applies these before it signs or forwards a request: an injected answer never reaches the bank. They hold for the proxy process, in every tab; quotas count on the real date.'}{' '}
        Each rule fires with its probability, drawn from its own generator started from its seed: saving
        starts the run again, so the same requests meet the same answers.
      </p>
      <label className="field">
        <span>Console request timeout (seconds)</span>
        <input
          type="number"
          min={MIN_REQUEST_TIMEOUT_MS / 1000}
          max={MAX_REQUEST_TIMEOUT_MS / 1000}
          step="0.5"
          value={timeoutSeconds}
          onChange={(e) => setTimeoutSeconds(e.target.value)}
          aria-invalid={errors?.timeout !== undefined}
          aria-describedby={errors?.timeout === undefined ? undefined : timeoutErrorId}
        />
      </label>
      {errors?.timeout === undefined ? null : (
        <small id={timeoutErrorId} className="field-error">
          {errors.timeout}
        </small>
      )}
      <p className="hint">
        The console stops waiting for an answer after {secondsText(hintTimeoutMs)} and says so. A timeout
        condition holds a request until then
        {saved.upstreamTimeoutMs === undefined
          ? '.'
          : `, or until the proxy's UPSTREAM_TIMEOUT_MS (${secondsText(saved.upstreamTimeoutMs)}), which answers 504.`}
      </p>
      {routeList.map((operation) => {
        const own = rules.filter((rule) => rule.operation === operation.name)
        const kinds = conditionKinds.filter((kind) => kind !== 'quota' || operation.method === 'GET')
        const kind = adding[operation.name] ?? 'latency'
        return (
          <fieldset key={operation.name} className="conditions-operation">
            {/* Plain words first, the wire's operation id second. */}
            <legend>
              {operation.summary} ({operation.name}){' '}
              <code>
                {operation.method} {operation.path}
              </code>
            </legend>
            {own.map((rule) => (
              <RuleRow
                key={rule.id}
                rule={rule}
                errorOf={(field) => errors?.fields.get(ruleFieldKey(rule.id, field))}
                onChange={(change) => update(rule.id, change)}
                onRemove={(button) => removeRule(rule.id, button)}
              />
            ))}
            <div className="conditions-add">
              <label>
                <span className="visually-hidden">Condition to add to {operation.name}</span>
                <select
                  value={kind}
                  onChange={(e) =>
                    setAdding((current) => ({
                      ...current,
                      [operation.name]: e.target.value as ConditionKind,
                    }))
                  }
                >
                  {kinds.map((k) => (
                    <option key={k} value={k}>
                      {kindLabels[k]}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                aria-label={`Add to ${operation.name}`}
                onClick={() => add(newRule(nextRuleId(rules), operation.name, kind))}
              >
                Add
              </button>
              {operation.method === 'GET' ? (
                <button
                  type="button"
                  aria-label={`PSD2: ${PSD2_READS_PER_DAY} reads a day on ${operation.name}`}
                  onClick={() => add(psd2QuotaRule(nextRuleId(rules), operation.name))}
                >
                  PSD2: {PSD2_READS_PER_DAY} reads a day
                </button>
              ) : null}
            </div>
          </fieldset>
        )
      })}
      {errors !== undefined && errors.general.length > 0 ? (
        <div role="alert">
          {errors.general.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {save.isError ? (
        <div role="alert">
          {save.error instanceof ApiError ? (
            <Messages messages={save.error.messages} />
          ) : (
            <p>{save.error.message}</p>
          )}
        </div>
      ) : null}
      <div className="actions" ref={actions}>
        <button type="submit" className="primary" disabled={save.isPending}>
          Save conditions
        </button>
        <button type="button" onClick={removeAll} disabled={rules.length === 0}>
          Remove all
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function RuleRow({
  rule,
  errorOf,
  onChange,
  onRemove,
}: {
  rule: ConditionRule
  /** The message beside a field the form refused. */
  errorOf: (field: RuleField) => string | undefined
  onChange: (change: Partial<Record<string, unknown>>) => void
  /** Given the Remove button pressed, which goes with the row. */
  onRemove: (button: HTMLElement) => void
}) {
  const errorId = useId()
  const number = (
    field: RuleField,
    value: number | undefined,
    set: (n: number | undefined) => void,
    step = 1,
  ) => {
    const error = errorOf(field)
    return (
      <>
        <label>
          <span>{ruleFieldLabels[field]}</span>
          <input
            type="number"
            min={0}
            step={step}
            value={value ?? ''}
            onChange={(e) => set(e.target.value === '' ? undefined : Number(e.target.value))}
            aria-invalid={error !== undefined}
            aria-describedby={error === undefined ? undefined : `${errorId}-${field}`}
          />
        </label>
        {error === undefined ? null : (
          <small id={`${errorId}-${field}`} className="field-error">
            {error}
          </small>
        )}
      </>
    )
  }
  return (
    <fieldset
      className="condition-rule"
      // In words once whole; while a number of it is cleared (kept empty until saved), by its kind.
      aria-label={`Rule ${rule.id}: ${conditionRule.safeParse(rule).success ? conditionLabel(rule) : kindLabels[rule.kind]}`}
    >
      <span className="condition-kind">
        {rule.id}: {kindLabels[rule.kind]}
      </span>
      {rule.kind === 'latency' ? (
        <>
          {number('minMs', rule.minMs, (n) => onChange({ minMs: n }))}
          {number('maxMs', rule.maxMs, (n) => onChange({ maxMs: n }))}
        </>
      ) : null}
      {rule.kind === 'error' ? (
        <>
          <label>
            <span>Status</span>
            <select
              value={rule.status}
              onChange={(e) => onChange({ status: Number(e.target.value) === 500 ? 500 : 503 })}
            >
              <option value={500}>500</option>
              <option value={503}>503</option>
            </select>
          </label>
          {number('retryAfterSeconds', rule.retryAfterSeconds, (n) => onChange({ retryAfterSeconds: n }))}
        </>
      ) : null}
      {rule.kind === 'quota'
        ? number('readsPerDay', rule.readsPerDay, (n) => onChange({ readsPerDay: n }))
        : null}
      {number('probability', rule.probability, (n) => onChange({ probability: n }), 0.05)}
      {number('seed', rule.seed, (n) => onChange({ seed: n }))}
      <button
        type="button"
        onClick={(event) => onRemove(event.currentTarget)}
        aria-label={`Remove rule ${rule.id}`}
      >
        Remove
      </button>
    </fieldset>
  )
}
