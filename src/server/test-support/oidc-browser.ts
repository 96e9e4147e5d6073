// Test support (not a test file): a browser enough for the local identity provider's pages: fetch
// with manual redirects and a cookie jar by path, following redirects by hand until they leave the
// provider for the service.

interface StoredCookie {
  readonly name: string;
  readonly value: string;
  readonly path: string;
}

export interface OidcBrowser {
  /** Follows redirects from `url` until a page of the provider, or a redirect to `serviceBaseUrl`. */
  follow(url: URL, init?: RequestInit): Promise<{ url: URL; response: Response }>;
  /** Sends the page's (first) form with `fields`, following as `follow` does. */
  submit(page: { url: URL; html: string }, fields: Record<string, string>): Promise<{ url: URL; response: Response }>;
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
  const follow = async (url: URL, init?: RequestInit): Promise<{ url: URL; response: Response }> => {
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
  const submit = (page: { url: URL; html: string }, fields: Record<string, string>) => {
    const action = /<form[^>]* action="([^"]+)"/.exec(page.html)?.[1] ?? '';
    return follow(new URL(action.replace(/&amp;/g, '&'), page.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  };
  return { follow, submit };
}

/** A provider's page as read: where it is, its status and its HTML. */
export async function pageOf(result: { url: URL; response: Response }) {
  return { url: result.url, status: result.response.status, html: await result.response.text() };
}
