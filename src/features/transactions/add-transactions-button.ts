/**
 * The id of the account's "+ Add transaction(s)" button, the header's or the empty account's (one at a
 * time): the sidebar's skip link moves focus to it, past the list, the data tools and the filters.
 */
export const ADD_TRANSACTIONS_ID = 'add-transactions'
