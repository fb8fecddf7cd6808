export type SigningErrorCode =
  | 'KEY_INVALID'
  | 'HEADER_LIST_INVALID'
  | 'HEADER_VALUE_INVALID'
  | 'HEADER_DUPLICATE'
  | 'HEADER_MISSING'
  | 'URL_INVALID'

/** A request (or signer configuration) that must not be signed as it stands. */
export class SigningError extends Error {
  override name = 'SigningError'
  constructor(
    readonly code: SigningErrorCode,
    message: string,
  ) {
    super(message)
  }
}
