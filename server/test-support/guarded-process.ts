// Run by server/process-guard.test.ts as a process of its own: an error nothing catches, then a rejection
// nothing handles, then a line that shows the process outlived both.
import { guardProcess } from '../process-guard'

guardProcess((line) => console.log(line))
setTimeout(() => {
  throw new Error('thrown from a timer')
})
setTimeout(() => {
  void Promise.reject(new Error('rejected unhandled'))
}, 10)
setTimeout(() => console.log('still running'), 50)
