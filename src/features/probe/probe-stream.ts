import { type ProbeEvent, probeEvent } from '../../contract/probe'

/**
 * The events of the proxy's probe stream (`POST /console/probe`, one JSON object a line), each as soon as
 * its line is whole. A line that is not an event is an error that names it, never skipped.
 */
export async function* probeEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ProbeEvent> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffered = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      buffered += decoder.decode(value, { stream: !done })
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) if (line !== '') yield eventOf(line)
      if (done) break
    }
    if (buffered !== '') yield eventOf(buffered)
  } finally {
    reader.releaseLock()
  }
}

function eventOf(line: string): ProbeEvent {
  let json: unknown
  try {
    json = JSON.parse(line)
  } catch {
    throw new Error(`The proxy's probe sent a line that is not JSON: ${line.slice(0, 80)}`)
  }
  const parsed = probeEvent.safeParse(json)
  if (!parsed.success) {
    throw new Error(`The proxy's probe sent an event this console does not know: ${line.slice(0, 80)}`)
  }
  return parsed.data
}
