// The offline project's web server (playwright.config.ts): `vite preview` of the build on the port given,
// without the gzip it puts on every response. Each test's fresh browser context fetches the console's
// scripts again, and vite preview compressed them again each time: uncompressed, the server took 1.2 CPU s
// instead of 2.1 for layout.ui.spec.ts's 17 tests, some 10 CPU s over a run's offline project
// (docs/benchmarks.md#npm-test-on-a-fresh-clone-issue-20). `npm start`'s server, which the proxy project
// tests, sends them uncompressed too.
import { preview } from 'vite'

const server = await preview({
  preview: { host: '127.0.0.1', port: Number(process.argv[2]), strictPort: true },
  plugins: [
    {
      name: 'e2e-uncompressed',
      // Runs before vite preview adds its compression, which leaves alone a request that accepts none.
      configurePreviewServer(server) {
        server.middlewares.use((request, _response, next) => {
          delete request.headers['accept-encoding']
          next()
        })
      },
    },
  ],
})
server.printUrls()
