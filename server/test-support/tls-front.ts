import { connect, type Socket } from 'node:net'
import { createServer } from 'node:tls'
import { toPem } from '../../src/signing/pem'
import { RSA_SHA256 } from '../../src/signing/rsa'
import { SubjectAlternativeNameExtension, X509CertificateGenerator } from '../../src/signing/x509'
import { listen } from './http'

export interface TlsFront {
  /** https://127.0.0.1:<port> */
  url: string
  /** The server's self-signed certificate: what a client must trust to talk to it. */
  certificatePem: string
  close(): Promise<void>
}

/** HTTPS in front of a plain-HTTP server on loopback, as a real sandbox is HTTPS: TLS ends here. */
export async function tlsFront(targetPort: number): Promise<TlsFront> {
  const keys = await crypto.subtle.generateKey(
    { ...RSA_SHA256, modulusLength: 2048, publicExponent: Uint8Array.of(1, 0, 1) },
    true,
    ['sign', 'verify'],
  )
  const certificate = await X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=127.0.0.1',
    notBefore: new Date(Date.now() - 3_600_000),
    notAfter: new Date(Date.now() + 86_400_000),
    keys,
    extensions: [new SubjectAlternativeNameExtension([{ type: 'ip', value: '127.0.0.1' }])],
  })
  const certificatePem = toPem('CERTIFICATE', new Uint8Array(certificate.rawData))
  const keyPem = toPem('PRIVATE KEY', new Uint8Array(await crypto.subtle.exportKey('pkcs8', keys.privateKey)))
  const sockets = new Set<Socket>()
  const server = createServer({ key: keyPem, cert: certificatePem }, (secure) => {
    const plain = connect(targetPort, '127.0.0.1')
    for (const socket of [secure, plain]) {
      sockets.add(socket)
      socket.on('error', () => {})
      socket.on('close', () => sockets.delete(socket))
    }
    secure.pipe(plain).pipe(secure)
  })
  const port = await listen(server)
  return {
    url: `https://127.0.0.1:${port}`,
    certificatePem,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
