/** The error texts the panel shows, per language: code -> text (build/error-texts.ts). */
declare module 'virtual:help-widget-error-texts' {
  const texts: Record<'kk' | 'ru' | 'en', Record<string, string>>;
  export default texts;
}
