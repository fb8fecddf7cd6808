/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { consolePageHeaders } from './server/security-headers.ts'

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), strictPort: true },
  // The built console under the headers `npm start` serves it with; not the dev server, whose React
  // refresh runs an inline script.
  preview: { headers: { ...consolePageHeaders } },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
  },
})
