// The offline console's one service worker (a page has one per scope): msw's worker, which answers /api from
// the in-browser sandbox, plus an answer for a page load the console's server did not answer. Without it a
// reload with the server stopped shows the browser's own error, or nothing, instead of saying what is wrong.
// Offline mode does not open from a cache: docs/decisions.md#server-stopped says why.
/* global importScripts */

// msw's worker unregisters itself when its last page closes, and a reload closes the tab's last page: the
// reload's own load could then miss the worker and show the browser's error. The console unregisters its
// worker itself on leaving offline mode (src/app/offline.ts), so the page closing keeps it. Registered before
// msw's listener so that it runs first; the closed page's id left in msw's set of pages is never asked again.
self.addEventListener('message', (event) => {
  if (event.data === 'CLIENT_CLOSED') event.stopImmediatePropagation()
})

importScripts('./mockServiceWorker.js')

self.addEventListener('fetch', (event) => {
  // msw's listener leaves page loads alone; every other request is its business.
  if (event.request.mode !== 'navigate') return
  event.respondWith(fetch(event.request).catch(() => serverNotRunning(new URL(event.request.url))))
})

function serverNotRunning(url) {
  const origin = escapeHtml(url.origin)
  const again = escapeHtml(url.href)
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Console: the server is not running</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; }
  code { font-size: 0.95em; background: #eef; padding: 0 0.2em; }
  @media (prefers-color-scheme: dark) { body { background: #111; color: #eee; } code { background: #334; } }
</style>
</head>
<body>
<main>
<h1>The console's server is not running</h1>
<p>This page is served by the Sandbox Console server at <code>${origin}</code>, and it did not answer.</p>
<p>Start it again in the project's folder with <code>npm start</code> (or <code>npm run dev</code>),
then <a href="${again}">reload this page</a>.</p>
<p>Your offline data is safe: it stays in this browser's storage and is there again once the console loads.</p>
</main>
</body>
</html>`
  return new Response(page, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
