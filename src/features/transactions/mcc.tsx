/** Common ISO 18245 merchant category codes, for the picker and to name codes in the table. */
export const merchantCategories: ReadonlyMap<string, string> = new Map([
  ['4111', 'Commuter transport'],
  ['4121', 'Taxis and limousines'],
  ['4131', 'Bus lines'],
  ['4511', 'Airlines'],
  ['4722', 'Travel agencies'],
  ['4814', 'Telecom services'],
  ['4900', 'Utilities'],
  ['5045', 'Computers and software'],
  ['5200', 'Home supply stores'],
  ['5311', 'Department stores'],
  ['5331', 'Variety stores'],
  ['5411', 'Grocery stores'],
  ['5499', 'Misc. food stores'],
  ['5541', 'Service stations'],
  ['5542', 'Fuel dispensers'],
  ['5651', 'Family clothing'],
  ['5691', 'Clothing stores'],
  ['5732', 'Electronics stores'],
  ['5812', 'Restaurants'],
  ['5813', 'Bars and nightclubs'],
  ['5814', 'Fast food'],
  ['5912', 'Pharmacies'],
  ['5942', 'Book stores'],
  ['5945', 'Toy and game shops'],
  ['5999', 'Misc. retail'],
  ['6011', 'ATM cash'],
  ['6012', 'Financial institutions'],
  ['7011', 'Hotels'],
  ['7230', 'Beauty and barber shops'],
  ['7372', 'Computer services'],
  ['7512', 'Car rental'],
  ['7523', 'Parking'],
  ['7832', 'Cinemas'],
  ['7995', 'Gambling'],
  ['7997', 'Clubs and memberships'],
  ['8011', 'Doctors'],
  ['8021', 'Dentists'],
  ['8062', 'Hospitals'],
  ['8220', 'Universities'],
  ['9311', 'Tax payments'],
  ['9399', 'Government services'],
])

export const MCC_LIST_ID = 'merchant-category-codes'

/** The options for `<input list={MCC_LIST_ID}>`; free entry stays possible. */
export function MerchantCategoryList() {
  return (
    <datalist id={MCC_LIST_ID}>
      {[...merchantCategories].map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </datalist>
  )
}
