/** What the diagnosis of a signed request says, one finding per problem, in plain words with the fix. */

/**
 * `refused`: this sandbox answers 401 for it. `accepted-here`: this sandbox lets it pass, a stricter bank
 * may not. `note`: nothing wrong, but worth knowing to read the rest.
 */
export type Verdict = 'refused' | 'accepted-here' | 'note'

export type FindingId =
  | 'header-duplicate'
  | 'signature-missing'
  | 'signature-unparsable'
  | 'algorithm-mismatch'
  | 'certificate-missing'
  | 'certificate-pem'
  | 'certificate-invalid'
  | 'certificate-expired'
  | 'certificate-not-yet-valid'
  | 'certificate-weak-key'
  | 'certificate-key-mismatch'
  | 'signature-does-not-verify'
  | 'certificate-differs'
  | 'digest-missing'
  | 'digest-prefix-missing'
  | 'digest-mismatch'
  | 'body-unknown'
  | 'date-absent'
  | 'date-format'
  | 'date-stale'
  | 'headers-unsigned'
  | 'header-listed-absent'
  | 'header-names-case'
  | 'signing-string-order'
  | 'signing-string-format'
  | 'signature-invalid'
  | 'keyid-form'
  | 'keyid-serial-decimal'
  | 'keyid-serial-leading-zeros'
  | 'keyid-serial-case'
  | 'keyid-serial-mismatch'
  | 'keyid-ca-escaping'
  | 'keyid-ca-order'
  | 'keyid-ca-not-verbatim'
  | 'keyid-ca-mismatch'
  | 'rfc2047-needed'
  | 'refused-otherwise'

export interface Detail {
  label: string
  value: string
}

export interface Finding {
  id: FindingId
  verdict: Verdict
  /** One line: what is wrong. */
  title: string
  /** Why it matters, and the usual causes. */
  explanation: string
  /** What to change. */
  fix: string
  /** Values to compare (both hashes, the serial in hex…), shown verbatim. */
  details: Detail[]
}

export const finding = (
  id: FindingId,
  verdict: Verdict,
  title: string,
  explanation: string,
  fix: string,
  details: Detail[] = [],
): Finding => ({ id, verdict, title, explanation, fix, details })
