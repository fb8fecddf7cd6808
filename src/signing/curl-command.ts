/**
 * One word for bash, zsh or sh, whatever it holds: nothing in it is expanded or ends the command. Plain text
 * goes in single quotes; text with a control character in `$'…'`, where a line break or a CR is written as an
 * escape, since a pasted one may end the line before the quote closes. No shell word can carry a NUL, so
 * one is written as U+FFFD (visible, rather than cutting the word short).
 */
export function shellWord(value: string): string {
  const text = value.replaceAll('\0', '\uFFFD')
  if (!/\p{Cc}/u.test(text)) return `'${text.replaceAll("'", `'\\''`)}'`
  return `$'${text.replace(/[\\'\p{Cc}]/gu, ansiC)}'`
}

const named: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** Inside `$'…'`: a C1 control stays as it is, since `\xHH` would write one byte where UTF-8 has two. */
const ansiC = (character: string): string => {
  const code = character.charCodeAt(0)
  if (named[character]) return named[character]
  return code < 0x20 || code === 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : character
}

export interface CurlRequest {
  method: string
  url: string
  headers: readonly (readonly [string, string])[]
  /** The option that sends the body (`--data-raw` for text, `--data-binary` for a file's exact bytes). */
  data?: { option: '--data-raw' | '--data-binary'; value: string }
}

/** A curl command line in which every word is quoted: a crafted method, header or body stays one argument. */
export function curlCommandLine({ method, url, headers, data }: CurlRequest): string {
  const words = ['curl', '-X', shellWord(method), shellWord(url)]
  for (const [name, value] of headers) words.push('-H', shellWord(`${name}: ${value}`))
  if (data) words.push(data.option, shellWord(data.value))
  return words.join(' ')
}
