import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo, Server as NetServer } from 'node:net'
import { connect } from 'node:net'
import type { ConsoleTrace } from '../../src/contract'
import { decodeConsoleTrace } from '../../src/signing/console-trace'

/** Listens on a free loopback port (any kind of server: HTTP, TLS, raw TCP) and gives the port. */
export async function listen(server: NetServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

export async function close(server: Server): Promise<void> {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  text: string
}

/** One request on a fresh connection, answered in full. */
export function send(
  port: number,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: init.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(init.body)
  })
}

export function json(answer: Answer): unknown {
  return JSON.parse(answer.text)
}

/**
 * Writes bytes exactly as given (what an HTTP client library would refuse to send) and returns everything the
 * server answered until it closed the connection. Write errors are ignored: the server may close first.
 */
export function sendRaw(port: number, data: string | Buffer | Array<string | Buffer>): Promise<string> {
  return new Promise((resolve) => {
    const received: Buffer[] = []
    const socket = connect(port, '127.0.0.1', () => {
      for (const part of Array.isArray(data) ? data : [data]) socket.write(part)
    })
    socket.on('data', (chunk) => received.push(chunk))
    socket.on('error', () => {})
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')))
  })
}

/** Status line and JSON body of a raw HTTP/1.1 answer. */
export function parseRaw(raw: string): { status: number; head: string; body: string } {
  const end = raw.indexOf('\r\n\r\n')
  const head = end === -1 ? raw : raw.slice(0, end)
  return { status: Number(head.split(' ')[1]), head, body: end === -1 ? '' : raw.slice(end + 4) }
}

/** The proxy's X-Console-Trace in an answer; a test fails here when it is missing or unreadable. */
export function traceOf(headers: IncomingHttpHeaders): ConsoleTrace {
  const trace = decodeConsoleTrace(String(headers['x-console-trace']))
  if (trace === undefined) throw new Error('the answer has no readable X-Console-Trace header')
  return trace
}
