/**
 * What the inspector shows of a signature: the string that was signed and the key that signed it, read from
 * the X-Console-Trace of whoever signed (the proxy, or offline mode's stand-in for it in the offline runtime).
 * The console's page signs nothing itself.
 */
export interface SigningInfo {
  signingString: string
  keyId: string
}
