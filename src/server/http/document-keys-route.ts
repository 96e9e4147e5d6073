// GET /.well-known/jwks.json: the public keys that verify the tokens in documents' QR codes, for
// anyone (an officer's app, an employer's script) to check a document offline (decision 027).
import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { DOCUMENT_KEYS_PATH } from '#shared/api/clearance-check-link.ts';
import type { DocumentService } from '../documents/document-service.ts';

/** How long a fetched key set may be kept: a new key is published before its first document. */
const CACHE_SECONDS = 300;

export function registerDocumentKeysRoute(
  app: FastifyInstance,
  options: { readonly documents: DocumentService; readonly now: () => Date },
): void {
  // Read from the database at most once per cache period, so a flood of fetches costs nothing.
  let cached: { readonly keys: JSONWebKeySet; readonly until: number } | undefined;
  app.get(DOCUMENT_KEYS_PATH, async (_request, reply) => {
    const now = options.now().getTime();
    if (cached === undefined || cached.until <= now) {
      cached = { keys: await options.documents.publishedKeys(), until: now + CACHE_SECONDS * 1000 };
    }
    return reply
      .header('cache-control', `public, max-age=${CACHE_SECONDS}`)
      .header('access-control-allow-origin', '*')
      .type('application/jwk-set+json; charset=utf-8')
      .send(JSON.stringify(cached.keys));
  });
}
