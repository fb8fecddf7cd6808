import { base64ToBytes, bytesToBase64 } from './base64'

export interface PemBlock {
  label: string
  der: Uint8Array<ArrayBuffer>
  /** RFC 1421 header lines (`Proc-Type: 4,ENCRYPTED`, ...): only legacy encrypted keys have them. */
  headers: string[]
}

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----/g

/** Every PEM block in `text`; throws when a block's body is not base64. */
export function readPemBlocks(text: string): PemBlock[] {
  return Array.from(text.matchAll(BLOCK), ([, label = '', body = '']) => {
    const lines = body.split(/\r?\n/).map((line) => line.trim())
    const headers = lines.filter((line) => line.includes(':'))
    const der = base64ToBytes(lines.filter((line) => line && !line.includes(':')).join(''))
    if (!der) throw new Error(`the PEM block ${label} is not base64`)
    return { label, der, headers }
  })
}

export function toPem(label: string, der: Uint8Array): string {
  const lines = bytesToBase64(der).match(/.{1,64}/g) ?? []
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`
}
