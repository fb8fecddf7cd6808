export { type Certificate, CertificateError, parseCertificate } from './certificate'
export { type Body, digestHeader } from './digest'
export { formatKeyId } from './key-id'
export { importPrivateKeyPem } from './private-key'
export type { HttpRequestParts } from './request'
export { signRsaSha256, verifyRsaSha256 } from './rsa'
export { formatSignatureHeader, parseSignatureHeader, type SignatureParameters } from './signature-header'
export {
  createRequestSigner,
  DEFAULT_SIGNED_HEADERS,
  REQUEST_TARGET_SIGNED_HEADERS,
  type RequestSigner,
  type RequestSignerOptions,
  type SignedRequestHeaders,
} from './signer'
export { SigningError, type SigningErrorCode } from './signing-error'
export { buildSigningString, type SigningStringInput } from './signing-string'
export { tamperSignedHeaders } from './tamper'
export { isTamperScenario, type TamperScenario, tamperScenarios } from './tamper-scenarios'
export {
  type CertificateSummary,
  type VerificationCode,
  type VerificationResult,
  type VerifyOptions,
  verifySignedRequest,
} from './verifier'
