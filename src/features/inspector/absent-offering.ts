import { answersWithoutConsoleOperations, type RequestLogEntry } from '../../api'
import { operationOf, routes } from '../../contract'

/**
 * The console asking a sandbox for something a bank may lack (its clock, a window's summary, the account
 * list) and hearing it has none (404, 405, 501): how the console learns what this sandbox offers, said where
 * it matters ("This sandbox has no clock…", "does not list card accounts"), not a request anyone made. On
 * the platform's sandbox a shared screen showed "getSandboxClock … 404" in red as the current request.
 */
export function isAbsentOffering(entry: RequestLogEntry): boolean {
  const name = operationOf(entry.method, entry.url)
  return (
    entry.method === 'GET' &&
    name !== undefined &&
    routes[name].owner !== 'bank' &&
    answersWithoutConsoleOperations(entry.status)
  )
}
