// The feature's public entry: other features import only this (docs/decisions.md#feature-folders).
export { maskBody, maskHeaders, maskValuesIn } from './mask'
export { PersonalInput, useShownPersonal } from './PersonalInput'
export {
  isPersonalHeader,
  replacePersonalFields,
  replacePersonalHeaders,
  replacePersonalSignedLines,
} from './personal'
export {
  applyPresenter,
  createPresenterSetting,
  isPresenterShortcut,
  PresenterContext,
  type PresenterSetting,
  usePresenter,
  usePresenterSetting,
  useTogglePresenter,
} from './presenter'
export { useFirstRowsInSight } from './rows-in-sight'
export { useShortScreen } from './short-screen'
