import { useQueryClient } from '@tanstack/react-query'
import { readAgainUnderSwitch, useApiClient, useTamper } from '../api'
import { tamperLabels, tamperScenarios } from '../signing/tamper-scenarios'

/** Spoils every signed request one way, to show the exact 401 the sandbox answers. */
export function TamperSelect() {
  const queryClient = useQueryClient()
  const { settings } = useApiClient()
  const scenario = useTamper()
  return (
    <label className={scenario ? 'tamper tamper-on' : 'tamper'}>
      <span>Signature</span>{' '}
      <select
        data-control="signature"
        // Not restored by the browser after a reload: a shared link sets the switch in place just after the
        // one that switches the mode, and Chromium's restore of the old page's choice could land on top.
        autoComplete="off"
        value={scenario ?? ''}
        onChange={(e) => {
          const next = tamperScenarios.find((s) => s === e.target.value)
          settings.tamper.write(next)
          void readAgainUnderSwitch(queryClient)
        }}
      >
        <option value="">Correct (default)</option>
        {tamperScenarios.map((s) => (
          <option key={s} value={s}>
            {tamperLabels[s]}
          </option>
        ))}
      </select>
    </label>
  )
}
