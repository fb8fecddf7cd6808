/**
 * The one place component tests are wired: a component renders inside the app's own providers, its
 * requests go unsigned to offline mode's stand-in for the proxy, which signs them with the offline test
 * identity, and are answered by the real sandbox handlers over a fresh memory-store engine, exactly as
 * offline mode runs in the browser. Tests never reach for the transport, the stand-in, the request log or
 * the providers themselves: when that wiring changes, only this file does.
 */
import { cleanup, type RenderResult, render } from '@testing-library/react'
import { type UserEvent, userEvent } from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { onTestFinished } from 'vitest'
import { createApiClient, writeOfflinePersonality } from '../api'
import { App } from '../app/App'
import { offlineClockSetting } from '../app/offline-clock'
import { offlineDataOf } from '../app/offline-data'
import { browserOfflineState, offlineScenariosOf } from '../app/offline-scenarios'
import { Providers } from '../app/Providers'
import { openScenarioLibrary } from '../app/scenario-library'
import { shippedScenarios } from '../app/shipped-scenarios'
import { TamperSelect } from '../app/TamperSelect'
import { localToday, type PersonalityName } from '../contract'
import { offlineQuotaStore, readOfflineConditions } from '../features/conditions'
import { createMemoryStore, createSandbox, type Sandbox, type StoreCaps } from '../sandbox'
import { createConditions } from '../sandbox/conditions'
import { OFFLINE_CLOCK_KEY } from '../sandbox-http/browser'
import { conditionsSeam } from '../sandbox-http/conditions'
import { setupSandboxServer } from '../sandbox-http/node'
import { personalities } from '../sandbox-http/personality'
import { AnnouncementRegion } from '../ui/announcer'
import { installModalDialogs } from './modal-dialog'

installModalDialogs()

/** The client builds its URLs on the page's location; the test page's is http://localhost:3000/. */
const apiBase = () => new URL('/api', location.href).href

/** Each console its own scenario library: IndexedDB (fake-indexeddb in the tests that use it) opens on first use. */
let libraries = 0

export interface TestConsole {
  /** The engine behind the handlers: seed it, or check what a request stored. */
  sandbox: Sandbox
  /** Clicks and typing as a user does them (focus, key by key, disabled controls ignored). */
  user: UserEvent
  /**
   * Renders `ui` with the app's providers and what the header gives every screen: the live region
   * ("… created", role status) and the Signature switch (a combobox) that spoils signed requests.
   */
  render(ui: ReactElement): RenderResult
  /** The whole console, as offline mode starts it: for what only the app as a whole does. */
  renderApp(): RenderResult
}

/**
 * Starts a sandbox for the current test and gives what a test needs to render against it: a fresh API
 * client (its own request log) and, per render, fresh providers (their own query cache). Everything else is
 * undone when the test finishes: the tree, the server, the URL and what the page keeps in storage (the
 * Signature switch among it).
 */
export async function startConsole({
  caps,
  personality,
  conditions = false,
}: {
  caps?: Partial<StoreCaps>
  /** The bank the sandbox behaves like, as offline mode's picker sets it (docs/decisions.md#personalities). */
  personality?: PersonalityName
  /**
   * The tester's conditions applied as offline mode applies them: the rules and today's quota counts
   * read from this page's storage (where the Conditions panel and a scenario's load write them).
   */
  conditions?: boolean
} = {}): Promise<TestConsole> {
  const shape = personality === undefined ? undefined : personalities[personality]
  const { server, sandbox } = setupSandboxServer({
    // `caps`: the engine's caps on stored transactions, small enough for a test to reach.
    ...(caps === undefined && shape === undefined
      ? {}
      : {
          sandbox: createSandbox({
            store: createMemoryStore(),
            today: () => localToday(),
            ...(caps === undefined ? {} : { caps }),
            ...(shape === undefined ? {} : { newId: shape.newId }),
          }),
        }),
    ...(shape === undefined ? {} : { personality: shape }),
    ...(conditions
      ? {
          conditions: conditionsSeam({
            conditions: createConditions({
              rules: () => readOfflineConditions().rules,
              today: () => localToday(),
              quotaStore: offlineQuotaStore,
            }),
            holdMs: () => 1_000,
          }),
        }
      : {}),
    basePath: apiBase(),
    proxyStandIn: true,
  })
  server.listen({ onUnhandledRequest: 'error' })
  // What the clock panel's picker keeps, for the screens that say what this sandbox offers.
  if (personality !== undefined) writeOfflinePersonality(personality)
  const client = createApiClient({ mode: 'offline' })

  onTestFinished(() => {
    cleanup()
    server.close()
    sessionStorage.clear()
    localStorage.clear()
    history.replaceState(null, '', '/')
  })

  const scenarios = offlineScenariosOf({
    sandbox,
    library: openScenarioLibrary(`scenarios-${++libraries}-${Date.now()}`),
    state: browserOfflineState(offlineClockSetting(OFFLINE_CLOCK_KEY)),
    shipped: shippedScenarios,
  })
  const withProviders = (ui: ReactElement) =>
    render(
      <Providers client={client} offline={offlineDataOf(sandbox, undefined, scenarios)}>
        {ui}
      </Providers>,
    )
  return {
    sandbox,
    user: userEvent.setup({ delay: null }),
    render: (ui) =>
      withProviders(
        <>
          <AnnouncementRegion />
          <TamperSelect />
          {ui}
        </>,
      ),
    // The header holds the live region there.
    renderApp: () => withProviders(<App mode="offline" offlineError={undefined} />),
  }
}
