// Texts served by the build's translation-sections plugin (scripts/vite/translation-sections.ts).
declare module 'virtual:translations/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
