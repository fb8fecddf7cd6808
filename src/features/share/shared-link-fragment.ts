import { useEffect } from 'react'
import { SHARE_FRAGMENT_KEY } from '../../contract'

/** Whether an address's fragment is a link made by "Copy link" (read or not). */
export const isSharedLinkFragment = (hash: string) => hash.startsWith(`#${SHARE_FRAGMENT_KEY}=`)

/** A link pasted into this tab's address bar changes only the fragment: read afresh, as a new page would. */
export function useReloadOnSharedLink() {
  useEffect(() => {
    const onHashChange = () => {
      if (isSharedLinkFragment(location.hash)) location.reload()
    }
    window.addEventListener('hashchange', onHashChange)
    return () => window.removeEventListener('hashchange', onHashChange)
  }, [])
}
