// POST /api/public/cosReferencesInUse: which of the answers' certificate of sponsorship numbers
// another application in progress or approved already has (decision 017). Check your answers and
// the group overview warn of them before anything is sent (the server looks them up with each
// answer it gives for those pages, decision 040); nothing is refused for it. The call says no more
// than "in use" of the numbers it is given, within the address's budget of forms.
import { MAX_GROUP_SIZE } from '../domain/fixed-values.ts';

export const COS_REFERENCES_IN_USE_PATH = '/api/public/cosReferencesInUse';

/** The most numbers one call asks about: a full group and the applicant being edited. */
export const MAX_COS_REFERENCES_ASKED = MAX_GROUP_SIZE + 1;

/** What a page that warns knows: the numbers asked about (as compared, sorted) and those of them in use. */
export interface CosReferencesInUse {
  readonly asked: readonly string[];
  readonly inUse: readonly string[];
}
