// The Explain feature's public entry (docs/decisions.md#feature-folders): other features and the
// composition root import it from here, never its files. Its rules, the diagnosis of a signed request, are
// the signing library's (src/signing/diagnosis): pure, and also run by scripts/generate-diagnosis-corpus.ts.
import { lazyChunk } from '../../ui/lazy-chunk'

// The diagnosis brings the certificate parser and the verifier: loaded when the panel is first opened.
export const ExplainDialog = lazyChunk(() => import('./ExplainDialog').then((m) => m.ExplainDialog))
