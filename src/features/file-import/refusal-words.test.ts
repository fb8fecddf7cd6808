import { describe, expect, it } from 'vitest'
import { CONSOLE_FILE_FORMAT, CONSOLE_FILE_VERSION, consoleFile, problemFromZod } from '../../contract'
import { flowsFile } from '../../contract/flow'
import { testDataSet } from '../../test/seed'
import {
  boundedProblems,
  dataImport,
  flowsImport,
  importProblemsInWords,
  placeInWords,
  scenarioImport,
} from './refusal-words'

/** What the data tools say of a file, through the real schema. */
function dataImportWords(data: unknown): string[] {
  const parsed = consoleFile.safeParse(data)
  if (parsed.success) throw new Error('the file reads')
  return importProblemsInWords(data, problemFromZod(parsed.error).messages, dataImport)
}

const head = { format: CONSOLE_FILE_FORMAT, version: CONSOLE_FILE_VERSION, kind: 'data' }

describe('a file that is not the console’s', () => {
  it('says so of an array, naming what the import expects', () => {
    expect(dataImportWords([1, 2, 3])).toEqual([
      'This is not a Sandbox Console export: expected a file saved with Export JSON or Export book.',
    ])
  })

  it('says so of an object without the format marker, or with another', () => {
    const notOurs = [
      'This is not a Sandbox Console export: expected a file saved with Export JSON or Export book.',
    ]
    expect(dataImportWords({ cardAccounts: [] })).toEqual(notOurs)
    expect(dataImportWords({ format: 'other/v9', cardAccounts: [] })).toEqual(notOurs)
  })

  it('names the file each import expects', () => {
    const parsed = flowsFile.safeParse({ hello: 'world' })
    if (parsed.success) throw new Error('the file reads')
    const { messages } = problemFromZod(parsed.error)
    expect(importProblemsInWords({ hello: 'world' }, messages, flowsImport)).toEqual([
      'This is not a Sandbox Console export: expected a flows file saved with Export flow.',
    ])
    expect(importProblemsInWords('text', messages, scenarioImport)).toEqual([
      'This is not a Sandbox Console export: expected a scenario file saved with Export in Scenarios….',
    ])
  })
})

describe('version and kind', () => {
  it('says which version the file has and which the console reads', () => {
    expect(dataImportWords({ ...head, version: 7, cardAccounts: [] })).toEqual([
      `The file is version 7, from a newer console; this console reads versions 1 to ${CONSOLE_FILE_VERSION}. Update the console to import it.`,
    ])
    expect(dataImportWords({ ...head, version: 'three', cardAccounts: [] })).toEqual([
      `The file's version is "three"; this console reads versions 1 to ${CONSOLE_FILE_VERSION}.`,
    ])
  })

  it('says which kind the file is, what the import reads, and where the file goes', () => {
    expect(dataImportWords({ ...head, kind: 'flows', flows: [] })).toEqual([
      'The file is a flows file; this import reads an offline data export or an account book. Import it with Import flows… in the Flow panel.',
    ])
    expect(dataImportWords({ ...head, kind: 'photos' })).toEqual([
      'The file holds a kind this console does not know ("photos"); this import reads an offline data export or an account book.',
    ])
  })
})

describe('a console file with bad fields', () => {
  const account = { ...testDataSet()[0]?.account, resourceId: 'acc-1' }

  it('names the place in words, then the field, without the code', () => {
    const { resourceId: _, ...withoutId } = account
    const words = dataImportWords({ ...head, cardAccounts: [{ account: withoutId, transactions: [] }] })
    expect(words).toEqual(['Card account 1: its resourceId is missing'])
    expect(words.join()).not.toContain('FORMAT_ERROR')
  })

  it('numbers transactions from 1 and keeps the rule’s text', () => {
    expect(
      importProblemsInWords(
        head,
        [
          {
            category: 'ERROR',
            code: 'FORMAT_ERROR',
            path: 'cardAccounts[0].transactions[2].transactionAmount.amount',
            text: 'cardAccounts[0].transactions[2].transactionAmount.amount must be a decimal number',
          },
          {
            category: 'ERROR',
            code: 'FORMAT_ERROR',
            path: 'cardAccounts[1].transactions[0].bookingDate',
            text: 'cardAccounts[1].transactions[0].bookingDate: a booked transaction needs a bookingDate',
          },
        ],
        dataImport,
      ),
    ).toEqual([
      'Card account 1, transaction 3: transactionAmount.amount must be a decimal number',
      'Card account 2, transaction 1: bookingDate: a booked transaction needs a bookingDate',
    ])
  })

  it('names books by their upstream and flows by their number', () => {
    expect(placeInWords('accountBook.books.http://bank.example/api.entries[4].id')).toEqual({
      place: 'Account book of http://bank.example/api, entry 5',
      field: 'id',
    })
    expect(placeInWords('flows[0].steps[1].request')).toEqual({ place: 'Flow 1, step 2', field: 'request' })
  })

  it('says a top-level field is missing, spelling wire names as the file does', () => {
    const { cardAccounts: _, ...noAccounts } = { ...head, cardAccounts: [] }
    expect(dataImportWords(noAccounts)).toEqual(['The file has no cardAccounts'])
  })

  it('says a field the schema does not know is unknown', () => {
    expect(dataImportWords({ ...head, cardAccounts: [{ account, transactions: [], extra: 1 }] })).toEqual([
      'Card account 1: unknown field "extra"',
    ])
  })
})

describe('boundedProblems', () => {
  it('shows the first five and counts the rest', () => {
    const lines = Array.from({ length: 12 }, (_, i) => `problem ${i + 1}`)
    expect(boundedProblems(lines)).toEqual({ shown: lines.slice(0, 5), more: 7 })
    expect(boundedProblems(lines.slice(0, 3))).toEqual({ shown: lines.slice(0, 3), more: 0 })
  })
})
