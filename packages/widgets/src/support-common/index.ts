// Internal pieces of the support inbox widgets; not part of the package's public entry.

export { authorLabel, formatMessageTime, messagePreview, visitorTitle } from './format';
export { supportT, supportTexts } from './texts';
