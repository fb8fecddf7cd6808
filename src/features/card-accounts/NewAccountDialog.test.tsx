import { screen, waitFor, within } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { memoryStorage } from '../../api/settings-store'
import { expectRefusalNamingCondition } from '../../test/condition-refusal'
import { pasteInto } from '../../test/paste'
import { startConsole } from '../../test/render'
import { writeOfflineConditions } from '../conditions'
import { Inspector } from '../inspector/Inspector'
import { createPresenterSetting, PresenterContext } from '../presenter/presenter'
import { NewAccountDialog } from './NewAccountDialog'

async function openDialog({ conditions = false } = {}) {
  const app = await startConsole({ conditions })
  const onCreated = vi.fn()
  const onClose = vi.fn()
  app.render(
    <>
      <NewAccountDialog onClose={onClose} onCreated={onCreated} />
      <Inspector />
    </>,
  )
  const dialog = within(screen.getByRole('dialog', { name: 'New card account' }))
  return { ...app, dialog, onCreated, onClose }
}

it('marks a masked PAN that shows every digit with the rule it breaks, and sends nothing', async () => {
  const { user, dialog, sandbox, onCreated } = await openDialog()
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '5254123456783241')
  await user.click(dialog.getByRole('button', { name: 'Create account' }))

  const pan = await dialog.findByRole('textbox', {
    name: 'Masked PAN',
    description: /\* Masked PAN must mask the middle digits with "\*" or "x": never send a full card number/,
  })
  expect(pan.getAttribute('aria-invalid')).toBe('true')
  expect(screen.getByText('Requests (0)')).toBeDefined()
  expect(await sandbox.listCardAccounts()).toEqual([])
  expect(onCreated).not.toHaveBeenCalled()
})

// A first-time tester pressed Create account on the empty form and read the PAN's format, not that it was
// missing, where an empty amount says "is required".
it('says an empty masked PAN is required, with the rule to type it by', async () => {
  const { user, dialog, sandbox } = await openDialog()
  await user.click(dialog.getByRole('button', { name: 'Create account' }))

  await dialog.findByRole('textbox', {
    name: 'Masked PAN',
    description:
      /Masked PAN is required: 12 to 19 characters of digits and "\*" \(or "x"\), e\.g\. 525412\*{6}3241/,
  })
  expect(await sandbox.listCardAccounts()).toEqual([])
})

it("says which fields are required, without the browser's own bubble", async () => {
  const { dialog } = await openDialog()
  const required = (name: string) => dialog.getByLabelText(name).getAttribute('aria-required')
  expect(required('Masked PAN')).toBe('true')
  expect(required('Currency')).toBe('true')
  expect(required('Customer number (PSU id)')).toBe('true')
  expect(required('Name (optional)')).toBeNull()
  // The console's own messages say what is missing: the browser's bubble would speak first.
  expect(dialog.getByRole('textbox', { name: 'Masked PAN' }).hasAttribute('required')).toBe(false)
})

it('creates the account in the sandbox and hands it to the caller', async () => {
  const { user, dialog, sandbox, onCreated } = await openDialog()
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await user.clear(dialog.getByRole('textbox', { name: 'Currency' }))
  await user.type(dialog.getByRole('textbox', { name: 'Currency' }), 'SEK')
  await user.type(dialog.getByRole('textbox', { name: 'Name (optional)' }), 'Travel card')
  await user.click(dialog.getByRole('button', { name: 'Create account' }))

  await waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
  const stored = await sandbox.listCardAccounts()
  expect(stored).toEqual([
    expect.objectContaining({ maskedPan: '525412******3241', currency: 'SEK', name: 'Travel card' }),
  ])
  expect(onCreated).toHaveBeenCalledWith(
    expect.objectContaining({ id: stored[0]?.resourceId, maskedPan: '525412******3241' }),
  )
  expect(screen.getByText('Requests (1)')).toBeDefined()
})

it("shows the sandbox's refusal and stores nothing", async () => {
  const { user, dialog, sandbox, onCreated } = await openDialog()
  await user.selectOptions(screen.getByRole('combobox', { name: 'Signature' }), 'Bad signature')
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await user.click(dialog.getByRole('button', { name: 'Create account' }))

  const alert = await dialog.findByRole('alert')
  expect(alert.textContent).toMatch(/SIGNATURE_INVALID/)
  expect(await sandbox.listCardAccounts()).toEqual([])
  expect(onCreated).not.toHaveBeenCalled()
})

it("names the test condition that answered in the sandbox's place, in the inspector badge's words", async () => {
  writeOfflineConditions({
    rules: [
      {
        id: 'r1',
        operation: 'createCardAccount',
        kind: 'error',
        status: 503,
        retryAfterSeconds: 30,
        probability: 1,
        seed: 1,
      },
    ],
  })
  const { user, dialog, sandbox } = await openDialog({ conditions: true })
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await user.click(dialog.getByRole('button', { name: 'Create account' }))

  await expectRefusalNamingCondition(dialog, {
    condition: 'Condition r1: 503 Retry-After 30 s',
    code: 'SERVICE_UNAVAILABLE',
  })
  expect(await sandbox.listCardAccounts()).toEqual([])
})

it('takes a typed status in any case, with the known ones suggested, and sends it as typed', async () => {
  const { user, dialog, sandbox, onCreated } = await openDialog()
  const status = dialog.getByRole('combobox', { name: 'Status' })
  const suggestions = document.getElementById(status.getAttribute('list') ?? '')
  expect([...(suggestions?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual([
    'enabled',
    'blocked',
    'deleted',
    'ENABLED',
    'BLOCKED',
    'DELETED',
  ])
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await user.clear(status)
  await user.type(status, 'ENABLED')
  await user.click(dialog.getByRole('button', { name: 'Create account' }))

  await waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
  expect(await sandbox.listCardAccounts()).toEqual([expect.objectContaining({ status: 'ENABLED' })])
})

it('marks a status that is none of the known ones, in any case, and sends nothing', async () => {
  const { user, dialog, sandbox } = await openDialog()
  const status = dialog.getByRole('combobox', { name: 'Status' })
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await user.clear(status)
  await user.type(status, 'frozen')
  await user.click(dialog.getByRole('button', { name: 'Create account' }))

  await dialog.findByRole('combobox', {
    name: 'Status',
    description: /Status must be "enabled", "blocked" or "deleted" \(in any case\)/,
  })
  expect(await sandbox.listCardAccounts()).toEqual([])
})

it('says in the words of the labels what to change: a long name, a credit limit without currency', async () => {
  const { user, dialog, sandbox } = await openDialog()
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Name (optional)' }), 'N'.repeat(40))
  await user.type(dialog.getByRole('textbox', { name: 'Credit limit amount (optional)' }), '5000')
  await user.click(dialog.getByRole('button', { name: 'Create account' }))

  const name = await dialog.findByRole('textbox', {
    name: 'Name (optional)',
    description:
      '40/35 characters; 70 with "Longer names (accept-fix)" (below) Name may have at most 35 characters; turn on "Longer names (accept-fix)" (below) for 70',
  })
  expect(name.getAttribute('aria-invalid')).toBe('true')
  await dialog.findByRole('textbox', {
    name: 'Credit limit currency',
    description: /^Credit limit currency is required once a credit limit amount is given/,
  })
  expect(dialog.queryByText(/maskedPan|creditLimit|accept-fix: longer-name/)).toBeNull()
  expect(await sandbox.listCardAccounts()).toEqual([])
})

it('refuses a negative credit limit before sending, in the words of its label', async () => {
  const { user, dialog, sandbox } = await openDialog()
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await user.type(dialog.getByRole('textbox', { name: 'Credit limit amount (optional)' }), '-5000')
  await user.type(dialog.getByRole('textbox', { name: 'Credit limit currency' }), 'NOK')
  await user.click(dialog.getByRole('button', { name: 'Create account' }))

  await dialog.findByRole('textbox', {
    name: 'Credit limit amount (optional)',
    description: /Credit limit amount must not be negative: the most the card may owe, e\.g\. "50000"/,
  })
  expect(screen.getByText('Requests (0)')).toBeDefined()
  expect(await sandbox.listCardAccounts()).toEqual([])
})

it('normalises what can mean one thing only, and with the longer-names toggle on sends a 70-character name', async () => {
  const { user, dialog, sandbox, onCreated } = await openDialog()
  await user.click(dialog.getByRole('checkbox', { name: 'Longer names (accept-fix)' }))
  await user.type(dialog.getByRole('textbox', { name: 'Masked PAN' }), ' 5254 12** **** 3241 ')
  await user.clear(dialog.getByRole('textbox', { name: 'Currency' }))
  await user.type(dialog.getByRole('textbox', { name: 'Currency' }), 'nok')
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Name (optional)' }), `  ${'N'.repeat(70)} `)
  await user.type(dialog.getByRole('textbox', { name: 'Credit limit amount (optional)' }), ' +5000.00 ')
  await user.type(dialog.getByRole('textbox', { name: 'Credit limit currency' }), 'sek')
  await user.click(dialog.getByRole('button', { name: 'Create account' }))

  await waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
  expect(await sandbox.listCardAccounts()).toEqual([
    expect.objectContaining({
      maskedPan: '525412******3241',
      currency: 'NOK',
      name: 'N'.repeat(70),
      creditLimit: { amount: '5000.00', currency: 'SEK' },
    }),
  ])
})

it('shows each field as it will be sent once it is left: groups, spaces, plus signs and small letters go', async () => {
  const { user, dialog } = await openDialog()
  const field = (name: string) => dialog.getByRole('textbox', { name })
  await user.type(field('Masked PAN'), ' 5254 12** **** 3241 ')
  await user.clear(field('Currency'))
  await user.type(field('Currency'), ' nok ')
  await user.type(field('Credit limit amount (optional)'), ' +5000.00 ')
  await user.type(field('Credit limit currency'), 'sek')
  await user.type(field('Name (optional)'), '  Travel card ')
  await user.clear(dialog.getByLabelText('Customer number (PSU id)'))
  await user.type(dialog.getByLabelText('Customer number (PSU id)'), '130 393 199 55')
  await user.tab()

  expect(field('Masked PAN')).toHaveProperty('value', '525412******3241')
  expect(field('Currency')).toHaveProperty('value', 'NOK')
  expect(field('Credit limit amount (optional)')).toHaveProperty('value', '5000.00')
  expect(field('Credit limit currency')).toHaveProperty('value', 'SEK')
  expect(field('Name (optional)')).toHaveProperty('value', 'Travel card')
  expect(dialog.getByLabelText('Customer number (PSU id)')).toHaveProperty('value', '13039319955')
})

it('asks before Escape throws away a changed form; "Keep editing" keeps every value', async () => {
  const { user, dialog, onClose } = await openDialog()
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await user.clear(dialog.getByRole('textbox', { name: 'Currency' }))
  await user.type(dialog.getByRole('textbox', { name: 'Currency' }), 'SEK')
  await user.type(dialog.getByRole('textbox', { name: 'Name (optional)' }), 'Travel card')
  await user.keyboard('{Escape}')

  const keep = dialog.getByRole('button', { name: 'Keep editing' })
  expect(dialog.getByRole('alert').textContent).toBe('Discard the new card account you typed?')
  expect(document.activeElement).toBe(keep)
  // Escape on the question is the safe answer too: keep editing.
  await user.keyboard('{Escape}')
  expect(dialog.queryByRole('button', { name: 'Keep editing' })).toBeNull()
  await user.click(dialog.getByRole('button', { name: 'Close' }))
  await user.click(dialog.getByRole('button', { name: 'Keep editing' }))

  expect(onClose).not.toHaveBeenCalled()
  expect(dialog.queryByText('Discard the new card account you typed?')).toBeNull()
  expect(dialog.getByRole('textbox', { name: 'Masked PAN' })).toHaveProperty('value', '525412******3241')
  expect(dialog.getByRole('textbox', { name: 'Currency' })).toHaveProperty('value', 'SEK')
  expect(dialog.getByRole('textbox', { name: 'Name (optional)' })).toHaveProperty('value', 'Travel card')
})

it('closes a changed form on "Discard", asked by Cancel', async () => {
  const { user, dialog, onClose } = await openDialog()
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await user.click(dialog.getByRole('button', { name: 'Cancel' }))
  expect(onClose).not.toHaveBeenCalled()

  await user.click(dialog.getByRole('button', { name: 'Discard' }))
  expect(onClose).toHaveBeenCalledOnce()
})

it('closes an unchanged form at once, without asking', async () => {
  const { user, dialog, onClose } = await openDialog()
  await user.keyboard('{Escape}')

  expect(onClose).toHaveBeenCalledOnce()
  expect(dialog.queryByRole('button', { name: 'Keep editing' })).toBeNull()
})

it('lifts the name limit from inside the dialog, keeping what was typed, and creates the account', async () => {
  const { user, dialog, sandbox, onCreated, onClose } = await openDialog()
  const longName = 'N'.repeat(50)
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Name (optional)' }), longName)
  await user.click(dialog.getByRole('button', { name: 'Create account' }))
  await dialog.findByRole('textbox', {
    name: 'Name (optional)',
    description: /turn on "Longer names \(accept-fix\)" \(below\) for 70$/,
  })

  await user.click(dialog.getByRole('checkbox', { name: 'Longer names (accept-fix)' }))
  const name = await dialog.findByRole('textbox', {
    name: 'Name (optional)',
    description: '50/70 characters (with "Longer names (accept-fix)")',
  })
  expect(name.getAttribute('aria-invalid')).toBe('false')
  await user.click(dialog.getByRole('button', { name: 'Create account' }))

  await waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
  expect(await sandbox.listCardAccounts()).toEqual([expect.objectContaining({ name: longName })])
  expect(onClose).not.toHaveBeenCalled()
})

it('keeps "kroner" as typed and says the currency must be an ISO 4217 code; sends nothing', async () => {
  const { user, dialog, sandbox } = await openDialog()
  const currency = dialog.getByRole('textbox', { name: 'Currency' })
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await user.clear(currency)
  await user.type(currency, 'kroner')
  expect(currency).toHaveProperty('value', 'kroner')
  await user.click(dialog.getByRole('button', { name: 'Create account' }))

  await dialog.findByRole('textbox', {
    name: 'Currency',
    description:
      'ISO 4217, e.g. NOK Currency must be a three-letter ISO 4217 code, e.g. "NOK", "EUR" or "USD"',
  })
  expect(screen.getByText('Requests (0)')).toBeDefined()
  expect(await sandbox.listCardAccounts()).toEqual([])
})

it('refuses three capitals that name no currency (QQQ), in the credit limit too; sends nothing', async () => {
  const { user, dialog, sandbox } = await openDialog()
  const currency = dialog.getByRole('textbox', { name: 'Currency' })
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await user.clear(currency)
  await user.type(currency, 'QQQ')
  await user.type(dialog.getByRole('textbox', { name: 'Credit limit amount (optional)' }), '5000')
  await user.type(dialog.getByRole('textbox', { name: 'Credit limit currency' }), 'xxx')
  await user.click(dialog.getByRole('button', { name: 'Create account' }))

  await dialog.findByRole('textbox', {
    name: 'Currency',
    description: /Currency QQQ is not an ISO 4217 code in use: e\.g\. "NOK", "EUR" or "USD"$/,
  })
  await dialog.findByRole('textbox', {
    name: 'Credit limit currency',
    description: /^Credit limit currency XXX is not an ISO 4217 code in use/,
  })
  expect(await sandbox.listCardAccounts()).toEqual([])
})

it('counts a name of emoji as the rule does, one character each, and creates the account', async () => {
  const { user, dialog, sandbox, onCreated } = await openDialog()
  const emojiName = '😀'.repeat(35)
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await user.click(dialog.getByRole('textbox', { name: 'Name (optional)' }))
  await user.paste(emojiName)

  const counter = dialog.getByText('35/35 characters')
  expect(counter.className).not.toBe('over-limit')
  await user.click(dialog.getByRole('button', { name: 'Create account' }))
  await waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
  expect(await sandbox.listCardAccounts()).toEqual([expect.objectContaining({ name: emojiName })])
})

it('shows no grey example that could pass for a typed value', async () => {
  const { user, dialog } = await openDialog()
  await user.click(dialog.getByText(/^All fields/))
  await user.click(dialog.getByRole('button', { name: '+ Add balance' }))
  const placeholders = dialog
    .getAllByRole('textbox')
    .map((input) => input.getAttribute('placeholder'))
    .filter((text) => text !== null)
  expect(placeholders).toHaveLength(3)
  for (const text of placeholders) expect(text).toMatch(/^e\.g\. /)
})

it('in presenter mode shows no customer number, masked at rest and dots while typed, and sends it whole', async () => {
  const app = await startConsole()
  const presenter = createPresenterSetting(memoryStorage())
  presenter.write(true)
  const onCreated = vi.fn()
  app.render(
    <PresenterContext value={presenter}>
      <NewAccountDialog onClose={vi.fn()} onCreated={onCreated} />
    </PresenterContext>,
  )
  const dialog = within(screen.getByRole('dialog', { name: 'New card account' }))
  const shown = () =>
    [document.body.textContent, ...[...document.querySelectorAll('input')].map((i) => i.value)].join('\n')
  const customer = dialog.getByRole('textbox', { name: 'Customer number (PSU id)' }) as HTMLInputElement
  expect(shown()).not.toMatch(/13039319955|18129215603/)
  expect(dialog.getByText(/^Test customers: /).textContent).toBe(
    'Test customers: •••••••••55 private, •••••••••03 corporate',
  )

  await pasteInto(app.user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  // Selected whole and then focused (as Playwright's fill does), the value replaces the mask still selected.
  customer.select()
  customer.focus()
  expect([customer.value, customer.selectionStart, customer.selectionEnd]).toEqual(['13039319955', 0, 11])
  await app.user.clear(customer)
  await app.user.type(customer, '1')
  await app.user.click(dialog.getByRole('button', { name: 'Create account' }))
  // The rule's own words give a test customer as the example: masked too.
  await dialog.findByText('Customer number must be the PSU id: 8 to 11 digits, e.g. •••••••••55')
  expect(shown()).not.toMatch(/13039319955|18129215603/)
  await app.user.clear(customer)
  await app.user.type(customer, '18129215603')
  // Typed, the value is there for the form but drawn as dots (the stylesheet's text-security).
  expect(customer.value).toBe('18129215603')
  expect(customer.className).toContain('personal-typing')
  expect(dialog.getByRole('radio', { name: 'corporate' })).toHaveProperty('checked', true)
  await app.user.tab()
  expect(customer.value).toBe('•••••••••03')
  expect(shown()).not.toMatch(/13039319955|18129215603/)

  await app.user.click(dialog.getByRole('button', { name: 'Show' }))
  expect(customer.value).toBe('18129215603')
  await app.user.click(dialog.getByRole('button', { name: 'Show' }))
  expect(customer.value).toBe('•••••••••03')

  await app.user.click(dialog.getByRole('button', { name: 'Create account' }))
  await waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
  expect(await app.sandbox.listCardAccounts()).toEqual([
    expect.objectContaining({ customerNumber: '18129215603', customerType: 'corporate' }),
  ])
})

it('notes a corporate account for the private test customer before it is sent, and still lets it be sent', async () => {
  const { user, dialog, sandbox, onCreated } = await openDialog()
  await pasteInto(user, dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  await user.clear(dialog.getByLabelText('Customer number (PSU id)'))
  await user.type(dialog.getByLabelText('Customer number (PSU id)'), '13039319955')
  await user.click(dialog.getByRole('radio', { name: 'corporate' }))

  expect(
    dialog.getByRole('combobox', {
      name: 'Customer number (PSU id)',
      description: /Note: 13039319955 is the private test customer, and this account is corporate$/,
    }),
  ).toBeDefined()
  await user.click(dialog.getByRole('button', { name: 'Create account' }))
  await waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
  expect(await sandbox.listCardAccounts()).toEqual([expect.objectContaining({ customerType: 'corporate' })])
})

// A tester typed 300 characters in Product and learnt its limit only from the refusal after submit.
it('counts Product as typed, toward its limit, before anything is sent', async () => {
  const { user, dialog } = await openDialog()
  const product = dialog.getByRole('textbox', { name: 'Product (optional)', description: '0/35 characters' })
  await pasteInto(user, product, 'P'.repeat(40))
  dialog.getByRole('textbox', { name: 'Product (optional)', description: '40/35 characters' })
  expect(dialog.getByText('40/35 characters').className).toBe('over-limit')
})
