import base from './vite.config.ts'
const b = base as any
export default { ...b, test: { ...b.test, execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] } }
