// GET /.well-known/jwks.json: the public keys that verify the tokens in documents' QR codes, for
// anyone (an officer's app, an employer's script) to check a document offline (decision 027).
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_KEYS_PATH } from '#shared/api/clearance-check-link.ts';
import { PUBLISHED_KEYS_SECONDS, type DocumentService } from '../services/documents/document-service.ts';

export function registerDocumentKeysRoute(
  app: FastifyInstance,
  options: { readonly documents: DocumentService },
): void {
  app.get(DOCUMENT_KEYS_PATH, async (_request, reply) => {
    const keys = await options.documents.publishedKeys();
    return reply
      .header('cache-control', `public, max-age=${PUBLISHED_KEYS_SECONDS}`)
      .header('access-control-allow-origin', '*')
      .type('application/jwk-set+json; charset=utf-8')
      .send(JSON.stringify(keys));
  });
}
