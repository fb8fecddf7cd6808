// Run by server/process-guard.test.ts as a process of its own, whose reader closes its output after
// "ready" (as `npm start | head -1` does): it goes on logging, then writes to the file named by its argument
// that it outlived the closed output, and exits.
import { writeFileSync } from 'node:fs'
import { guardProcess } from '../process-guard'

const [survivedFile = ''] = process.argv.slice(2)
guardProcess((line) => console.error(line))
console.log('ready')
let left = 50
const tick = setInterval(() => {
  console.log(`line ${left}`)
  console.error(`error line ${left}`)
  if (--left > 0) return
  clearInterval(tick)
  writeFileSync(survivedFile, 'survived')
}, 10)
