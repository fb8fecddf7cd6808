import { useEffect, useState } from 'react'
import { useView } from '../view-state'
import { linkTarget, type PageInfo } from './rows'

/**
 * The page size the sandbox used when it answered fewer rows than `limit` asked, with more behind them (a
 * bank that lowers a large limit): its next link's limit where that names one, else the rows it sent.
 */
export function loweredPageSize(page: PageInfo, limit: number): number | undefined {
  if (!page.hasMore || page.count === 0 || page.count >= limit) return undefined
  const target = page.next === undefined ? undefined : linkTarget(page.next)
  const linked = target?.kind === 'view' ? target.limit : undefined
  if (linked === undefined) return page.count
  return linked < limit ? linked : undefined
}

/**
 * A page size the sandbox lowered becomes the view's, so the page size shown and the address say what
 * the pages hold; what was asked is said beside the pager while the lowered size is in use. `page`: the
 * view's own page as answered, undefined while another page's rows stand in for it.
 */
export function PageCap({ page }: { page: PageInfo | undefined }) {
  const [view, setView] = useView()
  const [cap, setCap] = useState<{ asked: number; used: number }>()
  const used = page === undefined ? undefined : loweredPageSize(page, view.limit)
  useEffect(() => {
    if (used === undefined) return
    setCap({ asked: view.limit, used })
    setView({ limit: used }, { replace: true })
  }, [used, view.limit, setView])
  if (cap?.used !== view.limit) return null
  return (
    <p className="note" role="status">
      The sandbox answers at most {cap.used} rows a page; asked for {cap.asked}. Page size is now {cap.used}.
    </p>
  )
}
