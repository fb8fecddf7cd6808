/** The wire string exactly as sent, with its sign: never parsed into a float and re-rounded. */
export function signed(amount: string): string {
  if (amount.startsWith('-')) return amount
  return /^0+(\.0+)?$/.test(amount) ? amount : `+${amount}`
}

/** Longer than any usual amount: at 800 px such an amount may put its currency under it (styles.css). */
const LONG_AMOUNT = 12

export function Money({ amount, currency }: { amount: string; currency: string }) {
  return (
    <span className={amount.length > LONG_AMOUNT ? 'money money-long' : 'money'}>
      <span className="money-amount">{signed(amount)}</span>{' '}
      <span className="money-currency">{currency}</span>
    </span>
  )
}
