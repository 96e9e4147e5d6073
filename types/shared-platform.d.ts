// The few web-platform globals that src/shared may use because both the browser and Node.js
// provide them. tsconfig.shared.json has neither DOM nor Node.js types; a global that is not
// declared here is refused in src/shared by the compiler.

/** The WHATWG URL parser (IDNA conversion of internationalised domains). */
declare class URL {
  constructor(url: string, base?: string);
  readonly hostname: string;
}
