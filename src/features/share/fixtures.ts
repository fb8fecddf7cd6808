import type { RequestLogEntry } from '../../api'

const CERTIFICATE = 'MIIDrDCCApSgAwIBAgIRAIC1'

/** A signed account creation as the offline inspector logs it, with a PSU id and a customer number. */
export function createdAccountEntry(overrides: Partial<RequestLogEntry> = {}): RequestLogEntry {
  return {
    kind: 'request',
    id: 1,
    startedAt: Date.parse('2026-11-23T10:00:00Z'),
    method: 'POST',
    url: '/api/v1/sandbox/card-accounts',
    status: 201,
    durationMs: 12,
    requestHeaders: [
      ['Content-Type', 'application/json'],
      ['PSU-ID', '13039319955'],
      ['X-Request-ID', '99391c7e-ad88-49ec-a2ad-99ddcb1f7721'],
      ['X-Console-Date', 'Mon, 23 Nov 2026 10:00:00 GMT'],
      ['Digest', 'SHA-256=abc='],
      ['TPP-Signature-Certificate', CERTIFICATE],
      ['Signature', 'keyId="SN=80B5,CA=CN=Test CA",algorithm="rsa-sha256",signature="xyz"'],
    ],
    requestBody:
      '{"maskedPan":"123456******1234","currency":"EUR","customerNumber":"13039319955","creditLimit":{"currency":"EUR","amount":1000.10}}',
    responseHeaders: [
      ['content-type', 'application/json'],
      ['set-cookie', 'sandbox-console-token-5173=secret'],
    ],
    responseBody: '{"resourceId":"acc-1","customerNumber":"13039319955"}',
    signing: {
      signingString:
        'date: Mon, 23 Nov 2026 10:00:00 GMT\ndigest: SHA-256=abc=\nx-request-id: 99391c7e-ad88-49ec-a2ad-99ddcb1f7721\npsu-id: 13039319955',
      keyId: 'SN=80B5,CA=CN=Test CA',
    },
    ...overrides,
  }
}

/** The same entry as a read: no request body. */
export function withoutBody(entry: RequestLogEntry): RequestLogEntry {
  const { requestBody: _, ...rest } = entry
  return rest
}
