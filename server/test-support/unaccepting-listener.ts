import { spawn } from 'node:child_process'
import { connect, type Socket } from 'node:net'

// Listens, then blocks its event loop for good, so it never accepts: once its backlog is full the kernel
// drops further SYNs and a connection attempt hangs, as it does to a host that is up but not answering.
const LISTENER = `
  const server = require('node:net').createServer()
  server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
    process.stdout.write(server.address().port + '\\n')
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
  })`

/** A loopback port where a new TCP connection never completes; `close` ends it. */
export async function unacceptingListener(): Promise<{ port: number; close: () => void }> {
  const child = spawn(process.execPath, ['-e', LISTENER], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) => resolve(Number(data.toString().trim())))
    child.once('exit', (code) => reject(new Error(`the listener exited with ${code}`)))
  })
  const fillers: Socket[] = []
  const close = () => {
    for (const socket of fillers) socket.destroy()
    child.kill()
  }
  // Fill the accept queue: connect until an attempt no longer completes.
  for (let attempt = 0; attempt < 16; attempt += 1) {
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    fillers.push(socket)
    const connected = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true))
      setTimeout(() => resolve(false), 200)
    })
    if (!connected) return { port, close }
  }
  close()
  throw new Error('every connection was accepted: the listener does not hang connections here')
}
