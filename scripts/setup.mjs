// Makes a fresh clone runnable: installs the locked dependencies when they are missing or stale and,
// with --browser, Debian's Chromium for Playwright (its own browser download cannot work here).
import { execFileSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' })

const installed = 'node_modules/.package-lock.json'
if (!existsSync(installed) || statSync('package-lock.json').mtimeMs > statSync(installed).mtimeMs) {
  // `npm install` with the committed lockfile installs exactly the locked versions. `npm ci` would refuse
  // here: the registry this project is built against lacks Biome's binaries for other platforms, so the
  // lockfile cannot list them and `npm ci` calls it out of sync.
  console.log('setup: installing the locked dependencies (npm install)')
  run('npm', ['install', '--no-audit', '--no-fund'])
}

if (process.argv.includes('--browser')) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(chromium)) {
    if (process.getuid?.() !== 0) {
      console.error(
        `setup: Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium`,
      )
      process.exit(1)
    }
    console.log('setup: installing Debian Chromium for the browser tests')
    run('apt-get', ['update', '-qq'])
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  }
}
