// `npm start` keeps the local sandbox's data across a restart on the same data folder, and says where it is.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { privateBody } from '../src/test/sandbox-calls'
import { startConsoleServer } from './test-support/console-process'
import { tempFolder } from './test-support/temp-folder'

const ACCOUNTS = '/api/v1/sandbox/card-accounts'
const CLOCK = '/api/v1/sandbox-console/clock'
const dataDir = tempFolder('restart-')

const listed = async (url: string) => {
  const answer = await fetch(`${url}${ACCOUNTS}`)
  const body = (await answer.json()) as { cardAccounts: { resourceId: string; name?: string }[] }
  return body.cardAccounts.map((account) => [account.resourceId, account.name])
}

const clock = async (url: string, setting?: object) => {
  const answer = await fetch(
    `${url}${CLOCK}`,
    setting === undefined
      ? {}
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ setting, settlePendingAfterDays: null }),
        },
  )
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { setting: object }).setting
}

it('answers after a restart with the accounts created before it, its clock where it was', {
  timeout: 120_000,
}, async () => {
  const first = await startConsoleServer({ SANDBOX_DATA: dataDir })
  let id: string
  try {
    expect(first.output()).toContain(`data: ${join(dataDir, 'npm-start-console.json')} (0 card accounts`)
    const created = await fetch(`${first.url}${ACCOUNTS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...privateBody, name: 'Survives' }),
    })
    expect(created.status).toBe(201)
    id = ((await created.json()) as { resourceId: string }).resourceId
    expect(await clock(first.url, { kind: 'follows', offsetDays: 2 })).toEqual({
      kind: 'follows',
      offsetDays: 2,
    })
  } finally {
    await first.stop()
  }

  const second = await startConsoleServer({ SANDBOX_DATA: dataDir })
  try {
    expect(second.output()).toContain(
      '(1 card account, 0 transactions; kept across restarts, the sandbox clock too)',
    )
    expect(second.output()).toContain('(and npm-start-console.clock.json, the clock)')
    expect(await listed(second.url)).toEqual([[id, 'Survives']])
    expect(await clock(second.url)).toEqual({ kind: 'follows', offsetDays: 2 })
  } finally {
    await second.stop()
  }
})

it('starts on a damaged data file, empty, and says where it moved the file', {
  timeout: 60_000,
}, async () => {
  const file = join(dataDir, 'npm-start-console.json')
  writeFileSync(file, '{ not json')
  const server = await startConsoleServer({ SANDBOX_DATA: dataDir })
  try {
    expect(server.output()).toContain(`data problem: ${file} could not be used: it is not JSON`)
    expect(server.output()).toMatch(/Moved it to \S+npm-start-console\.json\.unreadable-/)
    expect(await listed(server.url)).toEqual([])
  } finally {
    await server.stop()
  }
})
