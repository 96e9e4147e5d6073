// A cookie jar of one client, for the tests and benchmarks that talk to the service with fetch.

/** A cookie jar of one: the cookies of the service's answers, by name. */
export class CookieJar {
  readonly #values = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/max-age=0/i.test(line)) this.#values.delete(name);
      else this.#values.set(name, value);
    }
  }
  get(name: string): string | undefined {
    return this.#values.get(name);
  }
  /** The Cookie header that sends them, with `extra` (a cookie the browser set itself) after. */
  header(extra?: string): string {
    return [
      ...[...this.#values].map(([name, value]) => `${name}=${value}`),
      ...(extra === undefined ? [] : [extra]),
    ].join('; ');
  }
}
