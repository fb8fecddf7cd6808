/**
 * Keeps the console serving when an error escapes every request handler. Node's default is to exit, and
 * nothing restarts `npm start`: one bad upstream answer would end the session for every tab. The error is
 * logged with its stack so it can be fixed.
 */
export function guardProcess(log: (line: string) => void): void {
  process.on('uncaughtException', (error) => log(`uncaught error, still serving: ${withStack(error)}`))
  process.on('unhandledRejection', (reason) =>
    log(`unhandled rejection, still serving: ${withStack(reason)}`),
  )
}

function withStack(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}
