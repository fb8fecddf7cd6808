/**
 * The ids of the account's actions shown in one of two places at a time, the view's header or the empty
 * account's: the sidebar's skip link moves focus to + Add transactions, past the list, the data tools and
 * the filters; and a dialog opened from the empty account's button, gone once it is filled, gives the
 * focus back to the header's button of the same id (src/ui/Dialog.tsx).
 */
export const ADD_TRANSACTIONS_ID = 'add-transactions'
export const GENERATE_ID = 'generate-transactions'
