/**
 * What the console's own pages may load: its scripts and styles from its own origin (React's `style` props
 * are set through the CSSOM, which CSP does not govern), the msw worker offline, fetches to its own /api
 * (WebCrypto needs nothing). Nothing may frame it, rewrite its base URL or post its forms elsewhere.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ')

/** On everything the console serves itself: the built app (here and under `vite preview`) and its errors. */
export const consolePageHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': CONSOLE_CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
}

/**
 * On every answer under /api, the upstream's included. An upstream answer is relayed as it came, but it is
 * served on the console's origin: were it HTML opened in a tab, its scripts would run with the console's
 * rights (its /api, its storage). A sandboxed CSP gives it an opaque origin, nosniff stops a browser reading
 * JSON as HTML, and `attachment` makes a navigation download it instead of rendering it; fetch() ignores all
 * three, so the console reads its answers as before.
 */
export const apiAnswerHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': 'sandbox',
  'x-content-type-options': 'nosniff',
  'content-disposition': 'attachment',
  'referrer-policy': 'no-referrer',
}
