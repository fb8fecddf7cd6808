/**
 * @peculiar/x509 resolves its algorithm registry through tsyringe, which refuses to load unless the
 * Reflect metadata API exists. The library only stores and reads plain values through it, so a
 * WeakMap is enough; a real polyfill, if one is ever loaded first, is left alone.
 */
const store = new WeakMap<object, Map<unknown, unknown>>()
const reflect = Reflect as unknown as Record<string, unknown>

if (typeof reflect.getMetadata !== 'function') {
  Object.assign(Reflect, {
    defineMetadata(key: unknown, value: unknown, target: object): void {
      const own = store.get(target) ?? new Map<unknown, unknown>()
      own.set(key, value)
      store.set(target, own)
    },
    getOwnMetadata(key: unknown, target: object): unknown {
      return store.get(target)?.get(key)
    },
    getMetadata(key: unknown, target: object): unknown {
      for (let t: object | null = target; t; t = Object.getPrototypeOf(t)) {
        const own = store.get(t)
        if (own?.has(key)) return own.get(key)
      }
      return undefined
    },
  })
}

export {}
