// The terminal prompt for an encrypted key's passphrase, on a stand-in terminal: what it shows and returns.
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { askHidden } from './passphrase-prompt'

function terminal() {
  const input = new PassThrough()
  const output = new PassThrough()
  let shown = ''
  output.on('data', (chunk: Buffer) => {
    shown += chunk.toString()
  })
  return { input, output, shown: () => shown }
}

describe('askHidden', () => {
  it('returns the line typed and shows the question, never what was typed', async () => {
    const { input, output, shown } = terminal()
    const answer = askHidden('Passphrase for TPP_KEY (key.pem): ', input, output)
    input.write('right horse')
    input.write(' battery\r')
    await expect(answer).resolves.toBe('right horse battery')
    expect(shown()).toBe('Passphrase for TPP_KEY (key.pem): \n')
  })

  it('refuses in words when input ends or Ctrl-C is pressed before a line', async () => {
    const ended = terminal()
    const answer = askHidden('Passphrase: ', ended.input, ended.output)
    ended.input.end()
    await expect(answer).rejects.toThrow('no passphrase was typed')

    const interrupted = terminal()
    const stopped = askHidden('Passphrase: ', interrupted.input, interrupted.output)
    interrupted.input.write('\u0003')
    await expect(stopped).rejects.toThrow('no passphrase was typed')
    expect(interrupted.shown()).toBe('Passphrase: \n')
  })
})
