import { randomUUID } from 'node:crypto'
import { request, type Server } from 'node:http'
import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { fakeSign, fakeUpstream } from '../test-support/fake-upstream'
import { close, json, listen, send } from '../test-support/http'
import { unacceptingListener } from '../test-support/unaccepting-listener'

const ACCOUNTS = '/api/v1/sandbox/card-accounts'
const cleanups: Array<() => Promise<void>> = []

async function start(server: Server, port = 0): Promise<number> {
  cleanups.push(() => (server.listening ? close(server) : Promise.resolve()))
  if (port === 0) return listen(server)
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return port
}

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

function proxyTo(upstreamPort: number, totalTimeoutMs = 5_000, connectTimeoutMs = 1_000) {
  return start(
    createApp({
      staticDir: '/nonexistent',
      upstream: {
        baseUrl: new URL(`http://127.0.0.1:${upstreamPort}`),
        sign: fakeSign,
        connectTimeoutMs,
        totalTimeoutMs,
        maxBodyBytes: 1024 * 1024,
      },
      log: () => {},
    }),
  )
}

describe('an upstream that fails', () => {
  it('hangs: 504 UPSTREAM_TIMEOUT naming the upstream, with the request id it was sent', async () => {
    const upstream = fakeUpstream(() => {})
    const upstreamPort = await start(upstream.server)
    const answer = await send(await proxyTo(upstreamPort, 300), ACCOUNTS)
    expect(answer.status).toBe(504)
    expect(json(answer)).toMatchObject({
      tppMessages: [
        { code: 'UPSTREAM_TIMEOUT', text: expect.stringContaining(`http://127.0.0.1:${upstreamPort}`) },
      ],
    })
    expect(answer.headers['x-request-id']).toBe(upstream.received[0]?.headers['x-request-id'])
    expect(answer.headers['x-console-trace']).toBeDefined()
  })

  it('cannot be connected to: 504 once the connect timeout passes, well before the total one', async () => {
    const listener = await unacceptingListener()
    cleanups.push(async () => listener.close())
    // The total timeout is far beyond the test's own: only the connect timeout can answer in time.
    const answer = await send(await proxyTo(listener.port, 60_000, 300), ACCOUNTS)
    expect(answer.status).toBe(504)
    expect(json(answer)).toMatchObject({
      tppMessages: [
        {
          code: 'UPSTREAM_TIMEOUT',
          text: `The upstream http://127.0.0.1:${listener.port} could not be connected to within 300 ms`,
        },
      ],
    })
  })

  it('is down: 502 UPSTREAM_UNREACHABLE naming the upstream', async () => {
    const gone = fakeUpstream()
    const upstreamPort = await listen(gone.server)
    await close(gone.server)
    const answer = await send(await proxyTo(upstreamPort), ACCOUNTS)
    expect(answer.status).toBe(502)
    expect(json(answer)).toMatchObject({
      tppMessages: [
        { code: 'UPSTREAM_UNREACHABLE', text: expect.stringContaining(`http://127.0.0.1:${upstreamPort}`) },
      ],
    })
  })

  it('is killed mid-run: 502 while it is gone, answers again once it is back', async () => {
    const first = fakeUpstream()
    const upstreamPort = await start(first.server)
    const port = await proxyTo(upstreamPort)
    // Several requests leave kept-alive connections in the proxy's pool.
    const before = await Promise.all([1, 2, 3].map(() => send(port, ACCOUNTS)))
    expect(before.map((answer) => answer.status)).toEqual([200, 200, 200])

    await close(first.server)
    expect((await send(port, ACCOUNTS)).status).toBe(502)

    const second = fakeUpstream()
    await start(second.server, upstreamPort)
    expect((await send(port, ACCOUNTS)).status).toBe(200)
    expect(second.received).toHaveLength(1)
  })

  it('drops a kept-alive connection as it is reused: a GET is retried, a write never rides one', async () => {
    // Answers the first request of each connection and hangs up on the next, like a server whose
    // keep-alive timeout strikes just as the proxy reuses the connection.
    const sockets: Socket[] = []
    const upstream = createNetServer((socket) => {
      sockets.push(socket)
      let requests = 0
      socket.on('data', (data) => {
        requests += data.toString('latin1').split('\r\n\r\n').length - 1
        if (requests > 1) return void socket.destroy()
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}')
      })
    })
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => upstream.close(resolve))
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    const port = await proxyTo((upstream.address() as AddressInfo).port)

    expect((await send(port, ACCOUNTS)).status).toBe(200)
    expect((await send(port, ACCOUNTS)).status).toBe(200)
    expect(sockets).toHaveLength(2)
    // A write that met the hang-up could not be sent again (the bank may have applied it): it goes out on a
    // connection of its own, so the upstream's idle timeout cannot strike it.
    const post = await send(port, ACCOUNTS, { method: 'POST', body: '{}' })
    expect(post.status).toBe(200)
    const added = await send(port, `${ACCOUNTS}/${randomUUID()}/transactions`, {
      method: 'POST',
      body: '{"transactions":[]}',
    })
    expect(added.status).toBe(200)
    expect(sockets).toHaveLength(4)
    expect((await send(port, ACCOUNTS)).status).toBe(200)
  })

  it('is left waiting by a client that disconnects: the upstream call is aborted', async () => {
    let upstreamSawClose: () => void = () => {}
    const closed = new Promise<void>((resolve) => {
      upstreamSawClose = resolve
    })
    let reached: () => void = () => {}
    const arrived = new Promise<void>((resolve) => {
      reached = resolve
    })
    const upstream = fakeUpstream((_req, res) => {
      res.on('close', upstreamSawClose)
      reached()
    })
    const port = await proxyTo(await start(upstream.server))
    const client = request({ host: '127.0.0.1', port, path: ACCOUNTS, agent: false })
    client.on('error', () => {})
    client.end()
    await arrived
    client.destroy()
    await closed
    expect(upstream.received).toHaveLength(1)
  })
})
