// How a worker's name reads where one line names them (receipts, emails, listings): "Family,
// Given". A passport that shows only one name has no given names (decision 029): the name
// alone then, with no comma left hanging.

/** "Family, Given", or the family name alone when there are no given names. */
export function listedWorkerName(familyName: string, givenNames: string): string {
  const given = givenNames.trim();
  return given === '' ? familyName.trim() : `${familyName.trim()}, ${given}`;
}
