/** Sections of a language catalog, served by catalog-sections.ts at build time. */
declare module "virtual:catalog/*" {
  const sections: Record<string, unknown>;
  export default sections;
}
