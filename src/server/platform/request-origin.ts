// Where a browser says a form came from. Every form of the service, the public pages' and the
// console's, is taken only when the browser names no other site as its origin: a token proves the
// form was given to this browser, this proves the browser sent it from one of the service's pages.
import type { FastifyRequest } from 'fastify';

/**
 * True when the browser names no other site as where the request came from: `Sec-Fetch-Site`
 * absent, `same-origin` or `none` (typed in), and `Origin` absent, `null` (the service's pages
 * send no referrer), the service's public origin, or the origin the request itself was made to.
 */
export function namesNoOtherSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  return [undefined, 'null', publicOrigin, `${request.protocol}://${request.host}`].includes(origin);
}
