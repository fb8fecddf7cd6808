import { type RequestLogEntry, transactionsApiPath } from '../../api'
import { transactionsParamsOf, type ViewState } from '../view-state'

/**
 * The newest read of the page of transactions the table of `view` shows: the request behind the view a link
 * shares. Undefined without an account, or where the page shown came from a sandbox's link the view cannot
 * express; the chart's reads of the same account (another status or page size) are not it.
 */
export function tableReadOf(
  requests: readonly RequestLogEntry[],
  view: ViewState,
): RequestLogEntry | undefined {
  if (view.account === undefined) return undefined
  const url = transactionsApiPath(view.account, transactionsParamsOf(view))
  return requests.find((entry) => entry.method === 'GET' && entry.url === url)
}
