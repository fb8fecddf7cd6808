// The opt-in probes' deliberately bad signatures (docs/decisions.md#bank-profiles-and-the-probe), made with the
// real TPP key: each is a correct signature but for one thing a strict bank refuses.
import { formatDn, parseDn } from '../../src/signing/dn'
import { createNodeRequestSigner } from '../../src/signing/node/node-signing-crypto'
import { DEFAULT_SIGNED_HEADERS, type RequestSigner } from '../../src/signing/signer'
import type { SigningIdentity } from '../identity'

export interface BadSigners {
  /** Signs without `Date`: the header is neither signed nor sent. */
  withoutDate: RequestSigner
  /**
   * Signs with a keyId whose CA lists the issuer's RDNs in reverse order (the same DN, as a verifier that
   * compares names reads it); undefined when the issuer has one RDN, which no order changes.
   */
  reversedIssuer: RequestSigner | undefined
}

export function badSignersOf({ privateKey, certificate }: SigningIdentity): BadSigners {
  const dateless = createNodeRequestSigner({
    privateKey,
    certificate,
    signedHeaders: DEFAULT_SIGNED_HEADERS.filter((name) => name !== 'date'),
  })
  const rdns = parseDn(certificate.issuerDn)
  const reversed = rdns.ok && rdns.value.length > 1 ? formatDn([...rdns.value].reverse()) : undefined
  return {
    withoutDate: {
      async sign(request) {
        const signed = await dateless.sign(request)
        const headers = Object.fromEntries(Object.entries(signed.headers).filter(([name]) => name !== 'Date'))
        return { ...signed, headers }
      },
    },
    // keyId is written from the certificate's issuer (formatKeyId); the certificate sent is the real one.
    reversedIssuer:
      reversed === undefined
        ? undefined
        : createNodeRequestSigner({ privateKey, certificate: { ...certificate, issuerDn: reversed } }),
  }
}
