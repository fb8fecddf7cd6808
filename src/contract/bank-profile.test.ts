import { describe, expect, it } from 'vitest'
import { bankProfileFile, bankProfileFileOf, personalityProfiles } from './bank-profile'
import { personalityNames } from './personality-names'

const messages = (input: unknown) => {
  const parsed = bankProfileFile.safeParse(input)
  return parsed.success ? [] : parsed.error.issues.map(({ path, message }) => `${path.join('.')}: ${message}`)
}

describe('bank profile files', () => {
  it('read back every personality as written', () => {
    for (const name of personalityNames) {
      const file = bankProfileFileOf(personalityProfiles[name], { source: name })
      expect(bankProfileFile.parse(JSON.parse(JSON.stringify(file)))).toEqual(file)
    }
  })

  it('tell a file of another kind so, before anything else', () => {
    const file = { ...bankProfileFileOf(personalityProfiles.console), kind: 'flows', traits: 'x' }
    expect(messages(file)).toEqual(['kind: kind must be "bank-profile": only bank profiles can be read here'])
  })

  it('refuse a trait value no sandbox has, naming the trait', () => {
    const file = bankProfileFileOf(personalityProfiles.console)
    expect(messages({ ...file, traits: { ...file.traits, amounts: 'float' } })).toEqual([
      expect.stringMatching(/^traits\.amounts: /),
    ])
  })
})
