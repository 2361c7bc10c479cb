/**
 * Text made safe for an e-mail's HTML part, in content and in attribute values alike (`&`, `<`, `>`, `"`, `'`).
 *
 * @example escapeHtml('«A & B» <x>') // '«A &#38; B» &#60;x&#62;'
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
