/**
 * Keeps the console serving when an error escapes every request handler. Node's default is to exit, and
 * nothing restarts `npm start`: one bad upstream answer would end the session for every tab. The error is
 * logged with its stack so it can be fixed.
 */
export function guardProcess(log: (line: string) => void): void {
  // A reader that went away (`npm start | head`, a closed terminal's pipe) fails each later write with EPIPE.
  // Unhandled, that error came here, and logging it failed again, for ever: the process spun and stopped
  // answering. Nobody is left to read the log, so the console serves on without it.
  let outputClosed = false
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => (outputClosed = true))
  const say = (line: string) => {
    if (!outputClosed) log(line)
  }
  process.on('uncaughtException', (error) => say(`uncaught error, still serving: ${withStack(error)}`))
  process.on('unhandledRejection', (reason) =>
    say(`unhandled rejection, still serving: ${withStack(reason)}`),
  )
}

function withStack(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}
