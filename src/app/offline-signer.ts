import type { BrowserRequestSigner } from '../api'
import { headerNames } from '../contract'
import {
  createRequestSigner,
  importPrivateKeyPem,
  isTamperScenario,
  parseCertificate,
  tamperSignedHeaders,
} from '../signing'
import { OFFLINE_TEST_IDENTITY } from '../signing/offline-test-identity'

/**
 * Offline mode signs in the browser, with the shipped TEST identity (never a real TPP key), so the
 * in-browser sandbox verifies every request exactly as the local upstream does and the inspector shows
 * real signed requests. Loaded only in offline mode, with the engine.
 */
export async function createOfflineSigner(): Promise<BrowserRequestSigner> {
  const [privateKey, certificate] = await Promise.all([
    importPrivateKeyPem(OFFLINE_TEST_IDENTITY.privateKeyPem),
    parseCertificate(OFFLINE_TEST_IDENTITY.certificatePem),
  ])
  const signer = createRequestSigner({ privateKey, certificate })
  return {
    async sign(request) {
      const url = new URL(request.url)
      const body = request.body ? new Uint8Array(await request.clone().arrayBuffer()) : undefined
      const scenario = request.headers.get(headerNames.consoleTamper)
      const sent = new Headers(request.headers)
      sent.delete(headerNames.consoleTamper)
      const signed = await signer.sign({
        method: request.method,
        url: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(sent),
        ...(body ? { body } : {}),
      })
      const spoiled = isTamperScenario(scenario)
        ? tamperSignedHeaders(signed.headers, scenario)
        : signed.headers
      const { Date: date, ...headers } = spoiled
      return {
        request: new Request(request, { headers: { ...headers, [headerNames.consoleDate]: date ?? '' } }),
        signing: { signingString: signed.signingString, keyId: signed.keyId },
      }
    },
    // A refused signature is a 401 whose tppMessages text gives the reason; anything else got past it.
    verification: (response) =>
      response.status === 401 ? undefined : 'verified by the in-browser sandbox (offline test identity)',
  }
}
