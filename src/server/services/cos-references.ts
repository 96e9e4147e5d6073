// Which certificate of sponsorship numbers of the answers another application in progress or
// approved already has (decision 017): the API's call (cos-references-in-use-route.ts) and the
// server's own look-up as it renders check your answers and the group overview without
// JavaScript (journey-forms.ts) both ask here.
import type { CosReferencesInUse } from '#shared/api/cos-references-in-use.ts';
import { comparableCosReference } from '#shared/journey/same-cos-reference.ts';
import { findCosReferencesInUse } from '../db/application-repository.ts';
import type { Database } from '../db/database.ts';

/** Looks up which of `numbers` are in use, leaving out the submission sent under `exceptFormGroupId`. */
export type CosReferenceLookup = (
  numbers: readonly string[],
  exceptFormGroupId: string | undefined,
) => Promise<CosReferencesInUse>;

export function createCosReferenceLookup(database: Database): CosReferenceLookup {
  return async (numbers, exceptFormGroupId) => {
    const asked = [...new Set(numbers.map(comparableCosReference).filter((number) => number !== ''))].sort();
    return { asked, inUse: await findCosReferencesInUse(database, asked, exceptFormGroupId) };
  };
}
