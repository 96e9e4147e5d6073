// A browser enough for the local OpenID provider's pages, over real HTTP: fetch with manual
// redirects and a cookie jar by path. It follows redirects until a page of the provider, or a
// redirect out of it to the service (whose address the test then sends to the app itself).

interface StoredCookie {
  readonly name: string;
  readonly value: string;
  readonly path: string;
}

export interface ProviderPage {
  readonly url: URL;
  readonly status: number;
  readonly html: string;
}

export interface OidcBrowser {
  /** Follows `url` through the provider: its page, or the address on the service it sends the browser to. */
  follow(url: URL, init?: RequestInit): Promise<{ readonly url: URL; readonly response: Response }>;
  /** The provider's page at `url` (after its redirects). */
  open(url: URL): Promise<ProviderPage>;
  /** Sends the page's first form with `fields`; the page it leads to, or the address on the service. */
  submit(
    page: Pick<ProviderPage, 'url' | 'html'>,
    fields: Record<string, string>,
  ): Promise<{ readonly url: URL; readonly response: Response }>;
}

export function oidcBrowser(serviceBaseUrl: string): OidcBrowser {
  let cookies: StoredCookie[] = [];
  const keep = (url: URL, response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? url.pathname;
      const gone = value === '' || attributes.some((a) => /^expires=.*1970/i.test(a) || /^max-age=0$/i.test(a));
      cookies = cookies.filter((c) => !(c.name === name && c.path === path));
      if (!gone) cookies.push({ name, value, path });
    }
  };
  const request = async (url: URL, init: RequestInit = {}) => {
    const cookie = cookies
      .filter((c) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie !== '' && { cookie }) },
    });
    keep(url, response);
    return response;
  };
  const follow: OidcBrowser['follow'] = async (url, init) => {
    let current = url;
    let response = await request(current, init);
    while (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location') ?? '', current);
      if (next.href.startsWith(serviceBaseUrl)) return { url: next, response };
      current = next;
      response = await request(current);
    }
    return { url: current, response };
  };
  return {
    follow,
    open: async (url) => pageOf(await follow(url)),
    submit(page, fields) {
      const action = /<form[^>]* action="([^"]+)"/.exec(page.html)?.[1] ?? '';
      return follow(new URL(action.replace(/&amp;/g, '&'), page.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    },
  };
}

/** The page a browser is at after `result` (of follow or submit). */
export async function pageOf(result: { readonly url: URL; readonly response: Response }): Promise<ProviderPage> {
  return { url: result.url, status: result.response.status, html: await result.response.text() };
}
