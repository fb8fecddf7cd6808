/**
 * The only door to @peculiar/x509: the shim has to be evaluated before the library loads, and ES modules
 * evaluate their imports in source order.
 */
import './reflect-metadata-shim'

export type { JsonAttributeObject, JsonNameParams } from '@peculiar/x509'
export {
  AuthorityKeyIdentifierExtension,
  BasicConstraintsExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  Name,
  SubjectAlternativeNameExtension,
  SubjectKeyIdentifierExtension,
  X509Certificate,
  X509CertificateGenerator,
} from '@peculiar/x509'
