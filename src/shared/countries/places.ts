// Places of departure in Ireland and UK ports of arrival from Ireland (decision 007). The
// departure list is a rule twice over: the form and the server accept only a listed place, and
// the automated routing check (which rejects "travel routing not through the Republic of Ireland")
// refuses only a place the list marks as outside the Republic, or a stored value it no longer
// knows. So a place the form accepts is never refused for routing unless the list says so.
import type { MethodOfArrival } from '../domain/answers.ts';
import type { Language } from '../i18n/languages.ts';
import { rankEntries, searchKey, type SearchName } from './search-text.ts';

/** What kind of place it is: how the worker leaves Ireland or enters the UK from there. */
export type PlaceKind = 'airport' | 'ferryPort' | 'borderTown' | 'town' | 'roadCrossing';

/** A place as the lists offer it; `aliases` are other names people type for it (codes, short or Irish names). */
export interface Place {
  readonly name: string;
  readonly kind: PlaceKind;
  readonly aliases?: readonly string[];
}

/** A place of departure, with whether it is in the Republic of Ireland: all the routing check asks of it. */
export interface PlaceOfDeparture extends Place {
  readonly inRepublic: boolean;
}

// A place's name, then the other names people type for it: Irish names, codes, other spellings.
type Names = readonly [name: string, ...aliases: string[]];

// The places' names in Welsh and Arabic, which the hint of a Welsh or Arabic page gives as examples
// ("Maes Awyr Dulyn", "مطار دبلن") and people reading it type: aliases like the Irish names, and the
// first in a language is the place's name on that language's pages.
// The places people leave from most, and every place a hint names.
const WELSH_AND_ARABIC_NAMES: Readonly<Record<string, { readonly cy?: Names; readonly ar: Names }>> = {
  'Dublin Airport': { cy: ['Maes Awyr Dulyn'], ar: ['مطار دبلن', 'مطار دبلن الدولي'] },
  'Cork Airport': { cy: ['Maes Awyr Corc'], ar: ['مطار كورك'] },
  'Shannon Airport': { cy: ['Maes Awyr Shannon'], ar: ['مطار شانون'] },
  'Ireland West Airport Knock': { cy: ['Maes Awyr Knock'], ar: ['مطار نوك'] },
  'Kerry Airport': { cy: ['Maes Awyr Kerry'], ar: ['مطار كيري'] },
  'Donegal Airport': { cy: ['Maes Awyr Donegal'], ar: ['مطار دونيغال'] },
  'Dublin Port': { cy: ['Porthladd Dulyn'], ar: ['ميناء دبلن'] },
  'Rosslare Europort': { cy: ['Porthladd Rosslare'], ar: ['ميناء روسلير', 'روسلير'] },
  Dundalk: { ar: ['دندالك'] },
  Dublin: { cy: ['Dulyn'], ar: ['دبلن'] },
  Cork: { cy: ['Corc'], ar: ['كورك'] },
  Limerick: { ar: ['ليمريك'] },
  Galway: { ar: ['غالواي'] },
  Waterford: { ar: ['ووترفورد'] },
};

/** A place's names in Welsh and Arabic, as aliases. */
const otherLanguageNames = (name: string): string[] => {
  const names = WELSH_AND_ARABIC_NAMES[name];
  return names === undefined ? [] : [...(names.cy ?? []), ...names.ar];
};

/**
 * The name a Welsh or Arabic page shows a place of departure by, which the answer still stores in
 * English (the name the lists and the routing check know): its name in that language where it
 * has one, else its own. Text that names no listed place is shown as it is.
 */
export function placeOfDepartureLabel(value: string, language: Language): string {
  const place = findPlaceOfDeparture(value);
  if (place === undefined) return value;
  const names = WELSH_AND_ARABIC_NAMES[place.name];
  return (language === 'en' ? undefined : names?.[language]?.[0]) ?? place.name;
}

function inRepublic(kind: PlaceKind, places: readonly Names[]): PlaceOfDeparture[] {
  return places.map(([name, ...aliases]) => ({
    name,
    kind,
    aliases: [...aliases, ...otherLanguageNames(name)],
    inRepublic: true,
  }));
}

/**
 * Places in the Republic of Ireland a worker may leave from: airports with flights to the UK, ferry
 * ports with sailings to the UK, the border crossings and towns near them, and the cities and
 * large towns where a road journey starts. In list order: the autocomplete offers it so.
 */
export const PLACES_OF_DEPARTURE: readonly PlaceOfDeparture[] = [
  // Airports with scheduled flights to Great Britain (Waterford, Galway and Sligo have none).
  ...inRepublic('airport', [
    ['Dublin Airport', 'DUB', 'Dublin International Airport', 'Aerfort Bhaile Átha Cliath'],
    ['Cork Airport', 'ORK', 'Cork International Airport', 'Aerfort Chorcaí'],
    ['Shannon Airport', 'Shannon', 'SNN', 'Shannon International Airport', 'Aerfort na Sionainne', 'Sionainn'],
    ['Ireland West Airport Knock', 'Knock', 'Knock Airport', 'NOC', 'Ireland West Airport', 'Cnoc Mhuire'],
    ['Kerry Airport', 'KIR', 'Farranfore', 'Kerry', 'Aerfort Chiarraí'],
    ['Donegal Airport', 'CFN', 'Carrickfinn', 'Carrickfin', 'Aerfort Dhún na nGall'],
  ]),
  // Ferry ports with sailings to Great Britain. Not Dún Laoghaire harbour (no ferry since 2015)
  // nor Ringaskiddy (sailings to France and Spain only): see the town list for Dún Laoghaire.
  ...inRepublic('ferryPort', [
    [
      'Dublin Port',
      'Port of Dublin',
      'Dublin Ferryport',
      'Dublin Ferry Port',
      'Dublin Ferry',
      'Calafort Bhaile Átha Cliath',
    ],
    [
      'Rosslare Europort',
      'Rosslare',
      'Rosslare Harbour',
      'Rosslare Port',
      'Rosslare Ferry Port',
      'Ros Láir',
      'Calafort Ros Láir',
    ],
  ]),
  // Border crossings by road into Northern Ireland and the towns by them, from the Louth coast
  // to Inishowen.
  ...inRepublic('borderTown', [
    ['Dundalk', 'Dún Dealgan'],
    ['Carrickarnon'],
    ['Ravensdale'],
    ['Omeath', 'Ó Méith'],
    ['Carlingford', 'Cairlinn'],
    ['Hackballscross'],
    ['Inniskeen', 'Inis Caoin'],
    ['Carrickmacross', 'Carraig Mhachaire Rois'],
    ['Castleblayney', 'Baile na Lorgan'],
    ['Monaghan', 'Muineachán'],
    ['Emyvale', 'Scairbh na gCaorach'],
    ['Glaslough', 'Glasloch'],
    ['Clones', 'Cluain Eois'],
    ['Cootehill', 'Muinchille'],
    ['Cavan', 'An Cabhán'],
    ['Belturbet', 'Béal Tairbirt'],
    ['Ballyconnell', 'Béal Átha Conaill'],
    ['Swanlinbar', 'An Muileann Iarainn'],
    ['Blacklion', 'An Blaic'],
    ['Dowra', 'An Damhshraith'],
    ['Kiltyclogher', 'Coill an Chlochair'],
    ['Manorhamilton', 'Cluainín'],
    ['Bundoran', 'Bun Dobhráin'],
    ['Ballyshannon', 'Béal Átha Seanaidh'],
    ['Pettigo', 'Paiteagó'],
    ['Ballybofey', 'Bealach Féich'],
    ['Stranorlar', 'Srath an Urláir'],
    ['Lifford', 'Leifear'],
    ['Castlefinn', 'Caisleán na Finne'],
    ['Raphoe', 'Ráth Bhoth'],
    ['St Johnston', 'Saint Johnston', 'Baile Suingean'],
    ['Carrigans', 'An Carraigín'],
    ['Killea'],
    ['Bridgend', 'Ceann an Droichid'],
    ['Burnfoot', 'Bun na hAbhann'],
    ['Muff', 'Magh'],
    ['Buncrana', 'Bun Cranncha'],
    ['Moville', 'Bun an Phobail'],
    ['Carndonagh', 'Carn Domhnach'],
    ['Letterkenny', 'Leitir Ceanainn'],
    ['Donegal Town', 'Donegal', 'Dún na nGall'],
  ]),
  // Cities, county towns and large towns: where a road journey to the border often starts.
  ...inRepublic('town', [
    ['Dublin', 'Dublin City', 'Baile Átha Cliath'],
    ['Cork', 'Cork City', 'Corcaigh'],
    ['Limerick', 'Limerick City', 'Luimneach'],
    ['Galway', 'Galway City', 'Gaillimh'],
    ['Waterford', 'Waterford City', 'Port Láirge'],
    ['Kilkenny', 'Kilkenny City', 'Cill Chainnigh'],
    ['Drogheda', 'Droichead Átha'],
    ['Sligo', 'Sligeach'],
    ['Athlone', 'Baile Átha Luain'],
    ['Wexford', 'Loch Garman'],
    ['Ennis', 'Inis'],
    ['Tralee', 'Trá Lí'],
    ['Killarney', 'Cill Airne'],
    ['Carlow', 'Ceatharlach'],
    ['Naas', 'An Nás'],
    ['Newbridge', 'Droichead Nua', 'An Droichead Nua'],
    ['Kildare', 'Cill Dara'],
    ['Athy', 'Baile Átha Í'],
    ['Maynooth', 'Maigh Nuad'],
    ['Celbridge', 'Cill Droichid'],
    ['Leixlip', 'Léim an Bhradáin'],
    ['Portlaoise', 'Port Laoise', 'Port Laoighise'],
    ['Portarlington', 'Cúil an tSúdaire'],
    ['Tullamore', 'Tulach Mhór'],
    ['Birr', 'Biorra'],
    ['Edenderry', 'Éadan Doire'],
    ['Mullingar', 'An Muileann gCearr'],
    ['Longford', 'An Longfort'],
    ['Navan', 'An Uaimh'],
    ['Trim', 'Baile Átha Troim'],
    ['Kells', 'Ceanannas'],
    ['Ashbourne', 'Cill Dhéagláin'],
    ['Dunboyne', 'Dún Búinne'],
    ['Castlebar', 'Caisleán an Bharraigh'],
    ['Westport', 'Cathair na Mart'],
    ['Ballina', 'Béal an Átha'],
    ['Roscommon', 'Ros Comáin'],
    ['Boyle', 'Mainistir na Búille'],
    ['Carrick-on-Shannon', 'Cora Droma Rúisc'],
    ['Ballinasloe', 'Béal Átha na Sluaighe'],
    ['Tuam', 'Tuaim'],
    ['Loughrea', 'Baile Locha Riach'],
    ['Clonmel', 'Cluain Meala'],
    ['Thurles', 'Durlas'],
    ['Nenagh', 'An tAonach'],
    ['Tipperary', 'Tiobraid Árann'],
    ['Cashel', 'Caiseal'],
    ['Carrick-on-Suir', 'Carraig na Siúire'],
    ['Roscrea', 'Ros Cré'],
    ['Dungarvan', 'Dún Garbhán'],
    ['Tramore', 'Trá Mhór'],
    ['Enniscorthy', 'Inis Córthaidh'],
    ['New Ross', 'Ros Mhic Thriúin'],
    ['Gorey', 'Guaire'],
    ['Wicklow', 'Cill Mhantáin'],
    ['Arklow', 'An tInbhear Mór'],
    ['Bray', 'Bré'],
    ['Greystones', 'Na Clocha Liatha'],
    // A town of County Dublin, listed for road journeys that start there (its ferry is gone).
    ['Dún Laoghaire', 'Dunleary', 'Kingstown'],
    ['Swords', 'Sord'],
    ['Balbriggan', 'Baile Brigín'],
    ['Malahide', 'Mullach Íde'],
    ['Skerries', 'Na Sceirí'],
    ['Tallaght', 'Tamhlacht'],
    ['Lucan', 'Leamhcán'],
    ['Blanchardstown', 'Baile Bhlainséir'],
    ['Clondalkin', 'Cluain Dolcáin'],
    ['Cobh', 'An Cóbh', 'Queenstown'],
    ['Midleton', 'Mainistir na Corann'],
    ['Mallow', 'Mala'],
    ['Fermoy', 'Mainistir Fhear Maí'],
    ['Youghal', 'Eochaill'],
    ['Bandon', 'Droichead na Bandan'],
    ['Kinsale', 'Cionn tSáile'],
    ['Carrigaline', 'Carraig Uí Leighin'],
    ['Bantry', 'Beanntraí'],
    ['Skibbereen', 'An Sciobairín'],
    ['Clonakilty', 'Cloich na Coillte'],
    ['Listowel', 'Lios Tuathail'],
    ['Newcastle West', 'An Caisleán Nua'],
    ['Kenmare', 'Neidín'],
    ['Dingle', 'An Daingean'],
  ]),
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
  {
    name: 'George Best Belfast City Airport',
    kind: 'airport',
    aliases: ['Belfast City Airport', 'Belfast City', 'BHD'],
  },
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

/** A port of arrival's name reduced for matching: trimmed, spaces collapsed, lower case, no accents ("  dun laoghaire" = "Dún Laoghaire"). */
export function normalisePlaceName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').replace(/[‘’`]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
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

// The lists' names reduced for matching, made at the first look-up rather than as the module
// loads: every question page loads the rules with the lists, and most never look a place up
// (reducing every name took about 50 ms of a phone's first load, processor slowed four times).
let arrivalsByName: Map<string, Place> | undefined;
const arrivals = () => (arrivalsByName ??= index(PORTS_OF_ARRIVAL));

// "Dublin Airport T2", "DUB Terminal 1", "Cork Airport (T1)": a terminal says nothing more about
// the place. Any start of the word counts, so the suggestions do not vanish while it is typed.
const TERMINAL = / (?:t|te|ter|term|termi|termin|termina|terminal) ?\d{0,2}$/;

/** Text reduced for matching a place of departure: searchKey, less a terminal at the end ("Dublin Airport T2" = "dublin airport"). */
export function placeOfDepartureKey(text: string): string {
  return searchKey(text).replace(TERMINAL, '');
}

/** Every name of a place: its own and its aliases. */
export function namesOfPlace(place: Place): readonly string[] {
  return [place.name, ...(place.aliases ?? [])];
}

/** Each place of departure's names as the search ranks them, and the places by each name's key. */
interface DepartureIndex {
  readonly names: ReadonlyMap<PlaceOfDeparture, readonly SearchName[]>;
  readonly byKey: ReadonlyMap<string, PlaceOfDeparture>;
}
let departureIndex: DepartureIndex | undefined;
const departures = () => (departureIndex ??= indexDepartures());
function indexDepartures(): DepartureIndex {
  const names = new Map<PlaceOfDeparture, SearchName[]>(
    PLACES_OF_DEPARTURE.map((place) => [
      place,
      namesOfPlace(place).map((name, i) => ({ key: placeOfDepartureKey(name), weight: i === 0 ? 0 : 1 })),
    ]),
  );
  const byKey = new Map<string, PlaceOfDeparture>();
  // Keys are unique across the list (a test checks it), so no place hides another.
  for (const [place, keys] of names) for (const { key } of keys) byKey.set(key, place);
  return { names, byKey };
}

/** The listed place of departure that the text names (its name or an alias, whatever the case, accents, punctuation, spacing or terminal); undefined when none. */
export function findPlaceOfDeparture(text: string): PlaceOfDeparture | undefined {
  const key = placeOfDepartureKey(text);
  if (key === '') return undefined;
  // A terminal belongs to an airport: "Dublin T2" is Dublin Airport, not the city.
  const { byKey } = departures();
  const airport = key === searchKey(text) ? undefined : byKey.get(`${key} airport`);
  return airport ?? byKey.get(key);
}

/** The places of departure that match typed text, best first (names, then aliases; starts of names before the rest); the place the text names exactly comes first; every place, in list order, for empty text. */
export function searchPlacesOfDeparture(query: string): readonly PlaceOfDeparture[] {
  const ranked = rankEntries(
    placeOfDepartureKey(query),
    PLACES_OF_DEPARTURE,
    (place) => departures().names.get(place) ?? [],
  );
  const exact = findPlaceOfDeparture(query);
  return exact === undefined ? ranked : [exact, ...ranked.filter((place) => place !== exact)];
}

/** True when the text names a listed place of departure: the rule of the `port-of-departure` answer, on the page and on the server. */
export function isListedPlaceOfDeparture(text: string): boolean {
  return findPlaceOfDeparture(text) !== undefined;
}

/** True when the place routes through the Republic of Ireland: listed, and marked as in the Republic (an unknown place does not). */
export function routesThroughRepublic(place: PlaceOfDeparture | undefined): boolean {
  return place?.inRepublic === true;
}

/** The routing check on a stored place of departure: true only for a listed place marked as in the Republic of Ireland. */
export function isPlaceOfDepartureInIreland(text: string): boolean {
  return routesThroughRepublic(findPlaceOfDeparture(text));
}

/** The UK port of arrival with this name or alias; undefined when it is not listed. */
export function findPortOfArrival(name: string): Place | undefined {
  return arrivals().get(normalisePlaceName(name));
}

/** The ports of arrival that fit a method of arrival: airports by plane; ferry ports and road crossings by road (a car on a ferry). */
export function portsOfArrivalFor(method: MethodOfArrival): readonly Place[] {
  return PORTS_OF_ARRIVAL.filter((place) => (method === 'plane' ? place.kind === 'airport' : place.kind !== 'airport'));
}
