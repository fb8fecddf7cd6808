import { type CardAccount, headerNames, type Problem, problem, psuCorporateId } from '../contract'

/**
 * The id a new card account gets: the one drawn, or, should an account hold it already, the same with
 * `-2`, `-3`... (within the 64 characters an id may have).
 */
export function unusedResourceId(drawn: string, taken: (id: string) => boolean): string {
  let resourceId = drawn
  for (let n = 2; taken(resourceId); n++) resourceId = `${drawn.slice(0, 56)}-${n}`
  return resourceId
}

/** A corporate account's data is read and written with a PSU-Corporate-ID (spec §5.5): any non-empty value. */
export function corporateRefusal(
  account: CardAccount,
  sentPsuCorporateId: string | undefined,
): Problem | undefined {
  if (account.customerType !== 'corporate' || psuCorporateId.safeParse(sentPsuCorporateId).success) {
    return undefined
  }
  return problem(
    400,
    'FORMAT_ERROR',
    `${headerNames.psuCorporateId} is required to read or write a corporate card account: send any non-empty value`,
    headerNames.psuCorporateId,
  )
}
