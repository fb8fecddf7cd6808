import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Payloads that run `touch PWNED` (in the harness's own folder) if a shell reads them as code. */
export const hostileTexts = [
  `';touch PWNED;#`,
  `";touch PWNED;#`,
  '$(touch PWNED)',
  '`touch PWNED`',
  ';touch PWNED;#',
  '&touch PWNED&',
  '|touch PWNED',
  'x\ntouch PWNED\n',
  'x\rtouch PWNED\r',
  'x\r\ntouch PWNED #',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's expansion, to be kept literal
  'a\'b"c\\d$HOME${HOME}!!*?[a]~',
  '\\',
  "'",
  '\t\v\f\x1b[31m\x7f',
  'zürich € 日本 \u0085 \u2028',
  'nul\0after',
]

/** What a shell hands to curl: each argument once the shell has read the line. */
export interface ShellReading {
  /** `bash -n` found the line well formed. */
  syntaxOk: boolean
  /** curl's argv (without `curl`), as a function standing in for curl received it. */
  argv: string[]
  /** Files the line made besides calling curl: none unless something ran. */
  sideEffects: string[]
}

/** Runs a generated command line through bash, with `curl` a function that prints its arguments. */
export function readAsBash(commandLine: string): ShellReading {
  const folder = mkdtempSync(join(tmpdir(), 'shell-echo-'))
  try {
    const syntax = spawnSync('bash', ['-n', '-c', commandLine], { cwd: folder })
    const run = spawnSync('bash', ['-c', `curl(){ printf '%s\\0' "$@"; }; ${commandLine}`], {
      cwd: folder,
      encoding: 'utf8',
    })
    const argv = run.stdout.split('\0')
    argv.pop()
    return { syntaxOk: syntax.status === 0, argv, sideEffects: readdirSync(folder) }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** The argument a shell word can carry: a NUL cannot be in one, and the writers show it as U+FFFD. */
export const asArgument = (text: string) => text.replaceAll('\0', '\uFFFD')
