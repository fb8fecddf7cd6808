/** What the proxy asks of a signer: the request as it will be forwarded, and back the headers to send. */
export interface RequestToSign {
  method: string
  url: string
  headers: Record<string, string>
  body: Uint8Array
}

export interface SignedRequest {
  /** The complete header set to send, the signature headers included. */
  headers: Record<string, string>
  signingString: string
  keyId: string
}

export type SignRequest = (request: RequestToSign) => Promise<SignedRequest>
