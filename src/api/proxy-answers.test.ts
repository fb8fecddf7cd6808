import { afterEach, describe, expect, it, vi } from 'vitest'
import { headerNames } from '../contract'
import { createProxyAnswers, type ProxyNews } from './proxy-answers'

/** An answer as fetch hands it over: the proxy's JSON with its connection's tag, or another server's page. */
function answer(headers: Record<string, string>): Response {
  return new Response('{}', { headers })
}
const fromProxy = (tag: string) =>
  answer({ 'content-type': 'application/json', [headerNames.consoleConnection]: tag })

afterEach(() => {
  vi.unstubAllGlobals()
})

function watched() {
  const proxy = createProxyAnswers()
  const news: ProxyNews[] = []
  proxy.onNews((item) => news.push(item))
  return { proxy, news }
}

describe("what the proxy's answers tell the page", () => {
  it('another sandbox when an answer carries another tag than the answers before it', () => {
    const { proxy, news } = watched()
    proxy.heard(fromProxy('console-sandbox'))
    proxy.heard(fromProxy('console-sandbox'))
    expect(news).toEqual([])
    proxy.heard(fromProxy('platform-sandbox'))
    expect(news).toEqual(['other-sandbox'])
    // Offline's answers (the in-browser sandbox) carry no tag: nothing changed.
    proxy.heard(answer({ 'content-type': 'application/json' }))
    expect(news).toEqual(['other-sandbox'])
  })

  it("not answering after a request got no answer, until the proxy's own answer comes", () => {
    const { proxy, news } = watched()
    expect(proxy.answering()).toBe(true)
    proxy.noAnswer()
    expect(proxy.answering()).toBe(false)
    // A server that is not the proxy, answering every path with a page, is not the proxy back.
    proxy.heard(answer({ 'content-type': 'text/html' }))
    expect(proxy.answering()).toBe(false)
    // Its refusal is JSON, even one without the tag (a failure that dropped the headers): it is back.
    proxy.heard(answer({ 'content-type': 'application/json' }))
    expect(proxy.answering()).toBe(true)
    expect(news).toEqual(['back'])
  })

  it("a request to the proxy's own routes tells both ways: none at all, then the proxy's answer", async () => {
    const { proxy, news } = watched()
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(proxy.ask('/console/conditions')).rejects.toThrow('Failed to fetch')
    expect(proxy.answering()).toBe(false)
    vi.stubGlobal('fetch', async () => fromProxy('console-sandbox'))
    expect((await proxy.ask('/console/conditions')).ok).toBe(true)
    expect(proxy.answering()).toBe(true)
    expect(news).toEqual(['back'])
  })
})
