// Which of the answers' certificate of sponsorship numbers another application in progress or
// approved already has, for the warning of check your answers and the group overview (decision
// 017). The server looks it up as it renders those pages and writes its answer into the page's
// data: the browser hydrates from it, then asks the API for any other numbers. A failed call only
// means no warning: the warning is advice, nothing depends on it.
import { useEffect, useState } from 'react';
import {
  COS_REFERENCES_IN_USE_PATH,
  type CosReferencesInUse,
  type CosReferencesInUseRequest,
} from '#shared/api/cos-references-in-use.ts';
import type { FormState } from '#shared/journey/form-state.ts';
import { cosReferencesOfAnswers } from '#shared/journey/same-cos-reference.ts';
import { readPageData } from '../../app/read-page-data.ts';
import { useServerRender } from '../../app/server-render.ts';

// The server's answer for the page this tab was loaded with. It serves that page only: the first
// page that shows a warning takes it, and a later one asks afresh (the sponsor may have sent an
// application since).
let served: CosReferencesInUse | undefined = readPageData()?.facts?.cosReferencesInUse;

// Numbers as compared hold no white space, so a space joins them into one key.
const keyOf = (numbers: readonly string[]) => numbers.join(' ');

async function lookUp(asked: readonly string[], formGroupId: string | undefined, signal: AbortSignal) {
  const body: CosReferencesInUseRequest = { cosReferences: asked, ...(formGroupId !== undefined && { formGroupId }) };
  const response = await fetch(COS_REFERENCES_IN_USE_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) return [];
  const answer = (await response.json()) as { inUse?: unknown };
  return Array.isArray(answer.inUse) ? asked.filter((number) => (answer.inUse as unknown[]).includes(number)) : [];
}

/** The answers' COS numbers (as compared) that another application has: none until known. */
export function useCosReferencesInUse(state: FormState): readonly string[] {
  const serverRender = useServerRender();
  const key = keyOf(cosReferencesOfAnswers(state));
  const formGroupId = state.submission?.formGroupId;
  // Seeded with the server's answer when it is for these answers: the server's look-up as it
  // renders the page (of the very answers it renders), or in the browser the one that came with it.
  const [known, setKnown] = useState(() => {
    const answer = serverRender?.facts.cosReferencesInUse ?? served;
    return answer !== undefined && keyOf(answer.asked) === key ? answer : undefined;
  });
  useEffect(() => {
    const answered = served !== undefined && keyOf(served.asked) === key;
    served = undefined;
    if (answered || key === '') return;
    const asked = key.split(' ');
    const controller = new AbortController();
    lookUp(asked, formGroupId, controller.signal).then(
      (inUse) => setKnown({ asked, inUse }),
      () => undefined,
    );
    return () => controller.abort();
  }, [key, formGroupId]);
  return known !== undefined && keyOf(known.asked) === key ? known.inUse : [];
}
