// After Copy to offline switched the tab to offline mode, the Scenarios dialog opens asking to load the
// scenario it saved, naming the data that loading replaces.
import 'fake-indexeddb/auto'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { scenarioToLoad } from '../../api'
import { startConsole } from '../../test/render'
import { DataTools } from '../data-tools/DataTools'
import { useFillTestData } from '../data-tools/fill'

function Tools() {
  const fill = useFillTestData()
  return <DataTools fill={fill} onFilled={() => {}} />
}

it('offline mode then asks to load the scenario the copy saved', async () => {
  const app = await startConsole()
  scenarioToLoad.ask('Empty private customer')
  app.render(<Tools />)
  const dialog = await screen.findByRole('dialog', { name: 'Scenarios' })
  const asking = await within(dialog).findByRole('region', { name: 'Load Empty private customer?' })
  expect(asking.textContent).toContain('the data stored now: 0 card accounts and 0 transactions')
  await waitFor(() => expect(scenarioToLoad.peek()).toBeUndefined())
  fireEvent.click(within(asking).getByRole('button', { name: 'Replace and load' }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Scenarios' })).toBeNull())
  expect((await app.sandbox.exportSnapshot()).cardAccounts).toHaveLength(1)
})
