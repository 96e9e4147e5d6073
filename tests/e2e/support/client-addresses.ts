// The addresses the browser tests come from. The services believe X-Forwarded-For from loopback
// (TRUST_PROXY), so each browser context and each seeding client says which address it is, and
// spends the budgets of that address alone (per address, decision 026), as a person behind a load
// balancer would. Drawn at random from 10.0.0.0/8 (16.7 million): two clients of one run sharing
// an address, and so a budget, within its window is then about one chance in a million, where a
// /16 (65,000) made it a few in a hundred for a file that seeds a hundred sessions a minute.

const octet = () => Math.floor(Math.random() * 256);

/** An address no other client of the run is likely to have. */
export const newClientAddress = (): string => `10.${octet()}.${octet()}.${octet()}`;
