import { expect, it } from 'vitest'
import { prettyJson } from './pretty-json'

it('indents a JSON body and keeps every number literal as it came', () => {
  const body =
    '{"transactions":[{"transactionAmount":{"amount":-99999999999999.999,"currency":"EUR"}},{"transactionAmount":{"amount":-470.60}},{"n":250.00,"e":1.5e3}]}'
  expect(prettyJson(body)).toBe(
    [
      '{',
      '  "transactions": [',
      '    {',
      '      "transactionAmount": {',
      '        "amount": -99999999999999.999,',
      '        "currency": "EUR"',
      '      }',
      '    },',
      '    {',
      '      "transactionAmount": {',
      '        "amount": -470.60',
      '      }',
      '    },',
      '    {',
      '      "n": 250.00,',
      '      "e": 1.5e3',
      '    }',
      '  ]',
      '}',
    ].join('\n'),
  )
})

it('shows what is not JSON, or names a key twice, as it came', () => {
  expect(prettyJson('<html>502</html>')).toBe('<html>502</html>')
  expect(prettyJson('{"amount":"1","amount":"2"}')).toBe('{"amount":"1","amount":"2"}')
})
