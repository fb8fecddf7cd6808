/** What a tester can do about the name's limit: the header's toggle, and its twin under the form's name, send the platform's fix. */
export const LONGER_NAMES_LABEL = 'Longer names (accept-fix)'
