// Set by vite.config.ts (`define`): package.json's version, and the commit when the build could read it.
declare const __CONSOLE_VERSION__: string | undefined

/** The console's version, as files it writes name their creator. */
export const CONSOLE_VERSION = typeof __CONSOLE_VERSION__ === 'string' ? __CONSOLE_VERSION__ : 'unknown'
