import { type Problem, problem } from '../contract'

export function unknownCardAccount(id: string): Problem {
  return problem(404, 'RESOURCE_UNKNOWN', `card account ${id} does not exist`, 'mockCardAccountId')
}

export function unknownTransaction(accountId: string, cardTransactionId: string): Problem {
  return problem(
    404,
    'RESOURCE_UNKNOWN',
    `card account ${accountId} has no transaction ${cardTransactionId}`,
    'cardTransactionId',
  )
}
