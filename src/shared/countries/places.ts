// Places of departure in the Republic of Ireland and UK ports of arrival from Ireland
// (decision 007). The departure list is also a rule: the server rejects for routing an
// application whose place of departure is not on it (spec §4, "travel routing not through the
// Republic of Ireland"), so a place belongs here only if it is in the Republic.
import type { MethodOfArrival } from '../domain/answers.ts';

/** What kind of place it is: how the worker leaves Ireland or enters the UK from there. */
export type PlaceKind = 'airport' | 'ferryPort' | 'borderTown' | 'town' | 'roadCrossing';

/** A place as the lists offer it; `aliases` are other names people type for it (codes, short or Irish names). */
export interface Place {
  readonly name: string;
  readonly kind: PlaceKind;
  readonly aliases?: readonly string[];
}

/** Places in the Republic of Ireland a worker may leave from: airports, ferry ports, towns by the border and the main towns. */
export const PLACES_OF_DEPARTURE: readonly Place[] = [
  { name: 'Dublin Airport', kind: 'airport', aliases: ['DUB'] },
  { name: 'Cork Airport', kind: 'airport', aliases: ['ORK'] },
  { name: 'Shannon Airport', kind: 'airport', aliases: ['Shannon', 'SNN'] },
  { name: 'Ireland West Airport Knock', kind: 'airport', aliases: ['Knock', 'Knock Airport', 'NOC'] },
  { name: 'Kerry Airport', kind: 'airport', aliases: ['Farranfore', 'KIR'] },
  { name: 'Donegal Airport', kind: 'airport', aliases: ['Carrickfinn', 'CFN'] },
  { name: 'Dublin Port', kind: 'ferryPort' },
  { name: 'Rosslare Europort', kind: 'ferryPort', aliases: ['Rosslare', 'Rosslare Harbour'] },
  { name: 'Cork (Ringaskiddy)', kind: 'ferryPort', aliases: ['Ringaskiddy', 'Port of Cork'] },
  // Road routes into Northern Ireland, from the Louth coast to Inishowen.
  { name: 'Dundalk', kind: 'borderTown', aliases: ['Dún Dealgan'] },
  { name: 'Carrickarnon', kind: 'borderTown' },
  { name: 'Castleblayney', kind: 'borderTown' },
  { name: 'Monaghan', kind: 'borderTown' },
  { name: 'Emyvale', kind: 'borderTown' },
  { name: 'Glaslough', kind: 'borderTown' },
  { name: 'Clones', kind: 'borderTown' },
  { name: 'Cavan', kind: 'borderTown' },
  { name: 'Belturbet', kind: 'borderTown' },
  { name: 'Ballyconnell', kind: 'borderTown' },
  { name: 'Swanlinbar', kind: 'borderTown' },
  { name: 'Blacklion', kind: 'borderTown' },
  { name: 'Kiltyclogher', kind: 'borderTown' },
  { name: 'Ballyshannon', kind: 'borderTown' },
  { name: 'Pettigo', kind: 'borderTown' },
  { name: 'Lifford', kind: 'borderTown' },
  { name: 'Castlefinn', kind: 'borderTown' },
  { name: 'Letterkenny', kind: 'borderTown', aliases: ['Leitir Ceanainn'] },
  { name: 'Carrigans', kind: 'borderTown' },
  { name: 'Killea', kind: 'borderTown' },
  { name: 'Bridgend', kind: 'borderTown' },
  { name: 'Muff', kind: 'borderTown' },
  // Where a road journey often starts; the airport or port of the same city is listed above.
  { name: 'Dublin', kind: 'town', aliases: ['Baile Átha Cliath'] },
  { name: 'Cork', kind: 'town', aliases: ['Corcaigh'] },
  { name: 'Galway', kind: 'town', aliases: ['Gaillimh'] },
  { name: 'Limerick', kind: 'town', aliases: ['Luimneach'] },
  { name: 'Waterford', kind: 'town', aliases: ['Port Láirge'] },
  { name: 'Drogheda', kind: 'town' },
  { name: 'Sligo', kind: 'town' },
];

/** UK places where a worker coming from Ireland arrives: airports with flights from Ireland, ferry ports, road crossings into Northern Ireland. */
export const PORTS_OF_ARRIVAL: readonly Place[] = [
  { name: 'London Heathrow Airport', kind: 'airport', aliases: ['Heathrow', 'London Heathrow', 'LHR'] },
  { name: 'London Gatwick Airport', kind: 'airport', aliases: ['Gatwick', 'London Gatwick', 'LGW'] },
  { name: 'London Stansted Airport', kind: 'airport', aliases: ['Stansted', 'London Stansted', 'STN'] },
  { name: 'London Luton Airport', kind: 'airport', aliases: ['Luton', 'London Luton', 'LTN'] },
  { name: 'London City Airport', kind: 'airport', aliases: ['London City', 'LCY'] },
  { name: 'London Southend Airport', kind: 'airport', aliases: ['Southend', 'SEN'] },
  { name: 'Manchester Airport', kind: 'airport', aliases: ['Manchester', 'MAN'] },
  { name: 'Birmingham Airport', kind: 'airport', aliases: ['Birmingham', 'BHX'] },
  { name: 'Bristol Airport', kind: 'airport', aliases: ['Bristol', 'BRS'] },
  { name: 'Edinburgh Airport', kind: 'airport', aliases: ['Edinburgh', 'EDI'] },
  { name: 'Glasgow Airport', kind: 'airport', aliases: ['Glasgow', 'GLA'] },
  { name: 'Glasgow Prestwick Airport', kind: 'airport', aliases: ['Prestwick', 'PIK'] },
  { name: 'Aberdeen Airport', kind: 'airport', aliases: ['Aberdeen', 'ABZ'] },
  { name: 'Inverness Airport', kind: 'airport', aliases: ['Inverness', 'INV'] },
  { name: 'Belfast International Airport', kind: 'airport', aliases: ['Belfast International', 'BFS'] },
  { name: 'George Best Belfast City Airport', kind: 'airport', aliases: ['Belfast City Airport', 'Belfast City', 'BHD'] },
  { name: 'City of Derry Airport', kind: 'airport', aliases: ['LDY'] },
  { name: 'Liverpool John Lennon Airport', kind: 'airport', aliases: ['Liverpool Airport', 'LPL'] },
  { name: 'Newcastle International Airport', kind: 'airport', aliases: ['Newcastle', 'Newcastle Airport', 'NCL'] },
  { name: 'Leeds Bradford Airport', kind: 'airport', aliases: ['Leeds Bradford', 'LBA'] },
  { name: 'East Midlands Airport', kind: 'airport', aliases: ['East Midlands', 'EMA'] },
  { name: 'Teesside International Airport', kind: 'airport', aliases: ['Teesside', 'MME'] },
  { name: 'Norwich Airport', kind: 'airport', aliases: ['Norwich', 'NWI'] },
  { name: 'Southampton Airport', kind: 'airport', aliases: ['Southampton', 'SOU'] },
  { name: 'Bournemouth Airport', kind: 'airport', aliases: ['Bournemouth', 'BOH'] },
  { name: 'Exeter Airport', kind: 'airport', aliases: ['Exeter', 'EXT'] },
  { name: 'Cornwall Airport Newquay', kind: 'airport', aliases: ['Newquay', 'NQY'] },
  { name: 'Cardiff Airport', kind: 'airport', aliases: ['Cardiff', 'CWL'] },
  // Ferry ports: from Dublin and Rosslare to Great Britain; Cairnryan from Belfast and Larne.
  { name: 'Holyhead', kind: 'ferryPort', aliases: ['Port of Holyhead'] },
  { name: 'Fishguard', kind: 'ferryPort', aliases: ['Fishguard Harbour'] },
  { name: 'Pembroke Dock', kind: 'ferryPort', aliases: ['Pembroke'] },
  { name: 'Liverpool', kind: 'ferryPort', aliases: ['Port of Liverpool'] },
  { name: 'Cairnryan', kind: 'ferryPort' },
  { name: 'Belfast', kind: 'ferryPort', aliases: ['Belfast Harbour', 'Port of Belfast'] },
  { name: 'Larne', kind: 'ferryPort', aliases: ['Port of Larne', 'Larne Harbour'] },
  // Road crossings from the Republic into Northern Ireland, south-east to north-west.
  { name: 'Newry', kind: 'roadCrossing' },
  { name: 'Killeen', kind: 'roadCrossing' },
  { name: 'Middletown', kind: 'roadCrossing' },
  { name: 'Aughnacloy', kind: 'roadCrossing' },
  { name: 'Rosslea', kind: 'roadCrossing' },
  { name: 'Belcoo', kind: 'roadCrossing' },
  { name: 'Garrison', kind: 'roadCrossing' },
  { name: 'Belleek', kind: 'roadCrossing' },
  { name: 'Tullyhommon', kind: 'roadCrossing' },
  { name: 'Clady', kind: 'roadCrossing' },
  { name: 'Strabane', kind: 'roadCrossing' },
  { name: 'Derry/Londonderry', kind: 'roadCrossing', aliases: ['Derry', 'Londonderry'] },
];

/** A place name reduced for matching: trimmed, spaces collapsed, lower case, no accents ("  dun laoghaire" = "Dún Laoghaire"). */
export function normalisePlaceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[‘’`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function index(places: readonly Place[]): Map<string, Place> {
  const byName = new Map<string, Place>();
  for (const place of places) {
    for (const name of [place.name, ...(place.aliases ?? [])]) {
      // Names are unique within a list (a test checks it), so no place hides another.
      byName.set(normalisePlaceName(name), place);
    }
  }
  return byName;
}

const departures = index(PLACES_OF_DEPARTURE);
const arrivals = index(PORTS_OF_ARRIVAL);

/** The place of departure with this name or alias; undefined when it is not a listed place in Ireland. */
export function findPlaceOfDeparture(name: string): Place | undefined {
  return departures.get(normalisePlaceName(name));
}

/** True when the name is a listed place in the Republic of Ireland (case, accent and space insensitive): the routing check. */
export function isPlaceOfDepartureInIreland(name: string): boolean {
  return findPlaceOfDeparture(name) !== undefined;
}

/** The UK port of arrival with this name or alias; undefined when it is not listed. */
export function findPortOfArrival(name: string): Place | undefined {
  return arrivals.get(normalisePlaceName(name));
}

/** The ports of arrival that fit a method of arrival: airports by plane; ferry ports and road crossings by road (a car on a ferry). */
export function portsOfArrivalFor(method: MethodOfArrival): readonly Place[] {
  return PORTS_OF_ARRIVAL.filter((place) => (method === 'plane' ? place.kind === 'airport' : place.kind !== 'airport'));
}
