import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { IdentityError } from './identity'

/**
 * Asks for a passphrase on a terminal without echoing it: readline edits the line as usual, but everything it
 * would write back goes nowhere. Only the question and the final line break reach `output`. Ctrl-C or the end
 * of input refuses, as there is no passphrase to go on with.
 */
export function askHidden(
  question: string,
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): Promise<string> {
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() })
  const reader = createInterface({ input, output: muted, terminal: true })
  output.write(question)
  return new Promise((resolve, reject) => {
    let answered = false
    reader.once('line', (line) => {
      answered = true
      output.write('\n')
      reader.close()
      resolve(line)
    })
    reader.once('SIGINT', () => reader.close())
    reader.once('close', () => {
      if (answered) return
      output.write('\n')
      reject(new IdentityError('no passphrase was typed'))
    })
  })
}
