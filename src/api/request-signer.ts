/** What the inspector shows of a signature: the string that was signed and the key that signed it. */
export interface SigningInfo {
  signingString: string
  keyId: string
}

export interface SignedRequest {
  request: Request
  signing: SigningInfo
}

/**
 * Signs a fetch `Request` in the browser before it is sent (offline mode, with the shipped TEST identity).
 * It adds Date, Digest, TPP-Signature-Certificate and Signature and keeps X-Request-ID, which the client
 * has already set; it is called for every attempt, retries included. `verification`, when given, says what
 * the in-browser sandbox made of a request it accepted (otherwise the answer's X-Sandbox-Verification
 * header says it); a refusal is read from the 401's tppMessages either way. In proxy mode there is none:
 * the proxy signs, and its X-Console-Trace answer header tells the inspector what it sent upstream.
 */
export interface BrowserRequestSigner {
  sign(request: Request): Promise<SignedRequest>
  verification?(response: Response): string | undefined
}
