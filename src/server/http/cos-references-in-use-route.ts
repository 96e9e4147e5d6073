// POST /api/public/cosReferencesInUse (decision 017): which certificate numbers another
// application already has (services/cos-references.ts), for any client of the public API; the
// pages have it from the server's answers since decision 040. It says "in use" and nothing more,
// of at most a group's numbers at a time (and the group id of a send already tried, whose own
// applications do not count), within the address's budget of forms.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { COS_REFERENCES_IN_USE_PATH, MAX_COS_REFERENCES_ASKED } from '#shared/api/cos-references-in-use.ts';
import { GROUP_ID_PATTERN } from '#shared/api/new-from-concession.ts';
import { MAX_LENGTHS } from '#shared/validation/fields.ts';
import type { CosReferenceLookup } from '../services/cos-references.ts';
import { parseBody, registerJsonApi } from './json-api.ts';
import type { RateLimits } from '../platform/rate-limits.ts';

const requestSchema = v.strictObject({
  cosReferences: v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(MAX_LENGTHS['cos-reference']))),
    v.maxLength(MAX_COS_REFERENCES_ASKED),
  ),
  formGroupId: v.optional(v.pipe(v.string(), v.regex(GROUP_ID_PATTERN))),
});

export async function registerCosReferencesInUseRoute(
  app: FastifyInstance,
  options: { readonly lookUp: CosReferenceLookup; readonly limits: RateLimits },
): Promise<void> {
  await registerJsonApi(app, (scope) => {
    scope.post(
      COS_REFERENCES_IN_USE_PATH,
      { bodyLimit: 4 * 1024, config: { rateLimit: options.limits.route('forms') } },
      async (request) => {
        const body = parseBody(requestSchema, request.body, 'The request is not in the expected shape');
        const { inUse } = await options.lookUp(body.cosReferences, body.formGroupId);
        return { inUse };
      },
    );
  });
}
