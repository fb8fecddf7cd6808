// The guard every test runs under (src/test/setup.ts): what it counts as a problem.
import { expect, it } from 'vitest'
import { expectConsole, takeConsoleProblems } from './console'

it('counts every console.error and console.warn a test did not expect as a problem', () => {
  console.error('console guard self-test: the %s broke', 'table')
  console.warn('console guard self-test: careful')
  expect(takeConsoleProblems()).toEqual([
    'unexpected console.error: console guard self-test: the table broke',
    'unexpected console.warn: console guard self-test: careful',
  ])
  expect(takeConsoleProblems()).toEqual([])
})

it('lets an expected message by, and counts one expected that never came as a problem', () => {
  // An error is written with its stack.
  expectConsole('error', /^Error: came\n/)
  expectConsole('warn', /^never$/)
  console.error(new Error('came'))
  expect(takeConsoleProblems()).toEqual(['expected console.warn matching /^never$/, none came'])
})

it('holds an expectation to its own level', () => {
  expectConsole('warn', /^console guard self-test: at the wrong level$/)
  console.error('console guard self-test: at the wrong level')
  expect(takeConsoleProblems()).toEqual([
    'unexpected console.error: console guard self-test: at the wrong level',
    'expected console.warn matching /^console guard self-test: at the wrong level$/, none came',
  ])
})
