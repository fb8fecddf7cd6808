// biome-ignore-all lint/style/noRestrictedImports: the one module that imports zod; every other takes its z.
// Every schema of the console is built with this `z`: zod's mini API, whose functions the bundler drops
// when unused (the classic API's methods bring every schema's JSON Schema converter into the page), with
// zod's English messages, which the mini API does not load by itself. The console shows those messages
// word for word (tppMessages, the forms, the import refusals), so they are set here, where importing `z`
// guarantees they are, in the page, the service worker, the Node server and the tests alike.
import { en } from 'zod/locales'
import { z } from 'zod/mini'

z.config(en())

export { z }
