// Stands in for accessible-autocomplete in the server build: the package reads browser globals
// (`self`) as it loads, and the service only calls it from effects, which never run on the server.
export default function accessibleAutocomplete(): never {
  throw new Error('accessible-autocomplete runs in the browser only');
}
