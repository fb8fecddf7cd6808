import { type Problem, problem } from '../contract'

export function unknownCardAccount(id: string): Problem {
  return problem(404, 'RESOURCE_UNKNOWN', `card account ${id} does not exist`, 'mockCardAccountId')
}
