import { createServer, type Socket } from 'node:net'
import { listen } from './http'

export interface RawUpstream {
  port: number
  /** How many requests reached it. */
  requests(): number
  close(): Promise<void>
}

/**
 * An upstream that answers every request with bytes written as given, whatever HTTP would allow: a status
 * line outside 100-599, an unasked-for 101, a broken chunked body. `reply` writes them on the socket once the
 * request's head has arrived (`index` counts the requests from 0); it may end the socket or leave it open.
 */
export async function rawUpstream(reply: (socket: Socket, index: number) => void): Promise<RawUpstream> {
  const sockets = new Set<Socket>()
  let requests = 0
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
    let head = ''
    socket.on('data', (data: Buffer) => {
      head += data.toString('latin1')
      while (head.includes('\r\n\r\n')) {
        head = head.slice(head.indexOf('\r\n\r\n') + 4)
        requests += 1
        reply(socket, requests - 1)
      }
    })
  })
  const port = await listen(server)
  return {
    port,
    requests: () => requests,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
