// Makes a fresh clone runnable: installs the locked dependencies when they are missing or stale, and the
// Debian packages asked for below (Playwright's own browser download cannot work here).
import { execFileSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' })

const installed = 'node_modules/.package-lock.json'
if (!existsSync(installed) || statSync('package-lock.json').mtimeMs > statSync(installed).mtimeMs) {
  // `npm ci` installs exactly the committed lockfile and never rewrites it, so a fresh clone stays clean
  // (`npm install` would add whatever the registry lists beyond the lockfile). It deletes node_modules
  // first, hence only when the check above finds it missing or older than the lockfile. The lockfile names
  // every package's tarball and hash, so a cached one needs no new look at the registry: `--prefer-offline`
  // took 25.7 and 40.9 s against 30.8 and 51.0 s, alternated (docs/benchmarks.md, "Stop 41").
  console.log('setup: installing the locked dependencies (npm ci)')
  run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'])
}

// Debian packages the project's commands need beyond npm: Chromium's headless shell for Playwright and
// Chromium for the benches (--browser), wrk for the proxy bench (--wrk).
const debianPackages = [
  [
    '--browser',
    'chromium-headless-shell',
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    'the browser tests',
  ],
  ['--browser', 'chromium', '/usr/bin/chromium', 'the benches'],
  ['--wrk', 'wrk', '/usr/bin/wrk', 'the proxy bench'],
]
const missing = debianPackages.filter(([flag, , path]) => process.argv.includes(flag) && !existsSync(path))
if (missing.length > 0) {
  const names = missing.map(([, name]) => name)
  if (process.getuid?.() !== 0) {
    console.error(
      `setup: ${names.join(' and ')} missing. Install with: sudo apt-get install -y ${names.join(' ')}`,
    )
    process.exit(1)
  }
  console.log(
    `setup: installing Debian's ${names.join(' and ')} for ${missing.map(([, , , why]) => why).join(' and ')}`,
  )
  run('apt-get', ['update', '-qq'])
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}
