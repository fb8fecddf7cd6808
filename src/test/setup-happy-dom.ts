// Vitest set-up of the lanes with a page, after setup-dom.ts: where happy-dom differs from a browser in what
// the tests read, the page is made to behave as a browser does.

// Without isolation a worker runs this file before each of its test files, on the same page: patched once,
// each patch wraps happy-dom's own function, never an earlier patch. Marked on the document, which is the
// page's own: the global object outlives it when the worker runs another lane's files in between.
const patched = Symbol.for('sandbox-console.test.happy-dom-patched')
// (The slow lane runs node files with this set-up too: they have no page.)
if (typeof document !== 'undefined' && !(patched in document)) {
  Object.defineProperty(document, patched, { value: true })
  displayInlineByDefault()
  listHeadersSortedAndLowercased()
  confirmWithNobodyToAnswer()
}

// happy-dom gives no `display` to the elements its default styles leave out (span, small, strong, label…),
// where a browser gives display's initial value, inline. Testing Library's accessible names and descriptions
// put a space around every element that is not inline: "40/35 characters ; 70 with…" for a browser's
// "40/35 characters; 70 with…".
function displayInlineByDefault(): void {
  const pageGetComputedStyle = window.getComputedStyle
  window.getComputedStyle = (element, pseudoElement) => {
    const style = pageGetComputedStyle(element, pseudoElement)
    if (style.display !== '' || !element.isConnected) return style
    const inline = (property: string) =>
      property === 'display' ? 'inline' : style.getPropertyValue(property)
    return new Proxy(style, {
      get: (target, property) => {
        if (property === 'display') return 'inline'
        if (property === 'getPropertyValue') return inline
        return Reflect.get(target, property, target)
      },
    })
  }
}

// happy-dom's Headers list each name as first written, in the order added; the Fetch standard's "sort and
// combine", which browsers (and Node) follow, lists them lowercased and sorted. The inspector shows the
// headers as sent in that list.
function listHeadersSortedAndLowercased(): void {
  const pageEntries = Headers.prototype.entries
  const sortAndCombine = (headers: Headers) =>
    [...pageEntries.call(headers)]
      .map(([name, value]): [string, string] => [name.toLowerCase(), value])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  Headers.prototype.entries = function entries(this: Headers) {
    return sortAndCombine(this).values()
  }
  Headers.prototype[Symbol.iterator] = Headers.prototype.entries
  Headers.prototype.keys = function keys(this: Headers) {
    return sortAndCombine(this)
      .map(([name]) => name)
      .values()
  }
  Headers.prototype.values = function values(this: Headers) {
    return sortAndCombine(this)
      .map(([, value]) => value)
      .values()
  }
  Headers.prototype.forEach = function forEach(this: Headers, callback, thisArg) {
    for (const [name, value] of sortAndCombine(this)) callback.call(thisArg, value, name, this)
  }
}

// happy-dom has no window.confirm. A browser would ask the user; a test has none to answer, so a question
// nobody expected fails the test (src/test/console.ts), and a test that expects one answers it with a spy.
function confirmWithNobodyToAnswer(): void {
  window.confirm = (question) => {
    console.error(`window.confirm asked, and nobody answers in a test: ${question ?? ''}`)
    return false
  }
}
