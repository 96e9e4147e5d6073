// Which of the answers' certificate of sponsorship numbers another application in progress or
// approved already has, for the warning of check your answers and the group overview (decision
// 017): the server looks it up with every answer it gives for those pages (decision 040).
import type { FormState } from '#shared/journey/form-state.ts';
import { cosReferencesOfAnswers } from '#shared/journey/same-cos-reference.ts';
import { usePageData } from '../../page-kit/page-data-context.ts';

/** The answers' COS numbers (as compared) that another application has, as the server found them for these answers. */
export function useCosReferencesInUse(state: FormState): readonly string[] {
  const answer = usePageData().facts.cosReferencesInUse;
  const asked = cosReferencesOfAnswers(state).join(' ');
  return answer !== undefined && answer.asked.join(' ') === asked ? answer.inUse : [];
}
