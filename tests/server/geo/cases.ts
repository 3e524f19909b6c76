/**
 * The hand-written gazetteer case set: sentences as news reports write them, each with the places that must
 * be plotted (name as the text has it → the country code, and for a town or region the US state or the
 * place's own name) and the names that must stay unplotted. A name a case lists in neither may be plotted or
 * not; every plotted place must be one the case expects.
 */
export interface GeoCase {
  text: string
  /** "Name → CC" for a country, "Name → CC/Place name" for a town or region. */
  plotted: string[]
  unplotted: string[]
}

export const geoCases: GeoCase[] = [
  { text: 'Protesters gathered in Paris on Saturday as France raised fuel taxes.', plotted: ['Paris → FR/Paris', 'France → FR'], unplotted: [] },
  { text: 'Paris Hilton arrived in Berlin on Monday for the launch.', plotted: ['Berlin → DE/Berlin'], unplotted: ['Paris'] },
  { text: 'Georgia signed a transit deal with Armenia in Tbilisi.', plotted: ['Georgia → GE', 'Armenia → AM', 'Tbilisi → GE/Tbilisi'], unplotted: [] },
  { text: 'The governor of Georgia met Atlanta officials about the storm damage.', plotted: ['Georgia → US/Georgia', 'Atlanta → US/Atlanta'], unplotted: [] },
  { text: 'Georgia announced new rules for the election on Tuesday.', plotted: [], unplotted: ['Georgia'] },
  { text: 'Georgian troops withdrew from the border as Georgia sought talks.', plotted: ['Georgia → GE'], unplotted: [] },
  { text: 'Jordan closed its border with Syria near Amman.', plotted: ['Jordan → JO', 'Syria → SY', 'Amman → JO/Amman'], unplotted: [] },
  { text: 'Michael Jordan visited Chicago to open a clinic.', plotted: ['Chicago → US/Chicago'], unplotted: [] },
  { text: 'Troops moved into Springfield on Friday.', plotted: [], unplotted: ['Springfield'] },
  { text: 'Floods hit Springfield, Illinois, forcing hundreds from their homes.', plotted: ['Springfield → US/Springfield', 'Illinois → US/Illinois'], unplotted: [] },
  { text: 'The mayor of Paris, Texas, declared an emergency after the tornado.', plotted: ['Paris → US/Paris', 'Texas → US/Texas'], unplotted: [] },
  { text: 'Rebels shelled Tripoli overnight, officials said.', plotted: [], unplotted: ['Tripoli'] },
  { text: 'Libya said militias shelled Tripoli overnight.', plotted: ['Libya → LY', 'Tripoli → LY/Tripoli'], unplotted: [] },
  { text: 'Lebanon reported clashes in Tripoli between rival groups.', plotted: ['Lebanon → LB', 'Tripoli → LB/Tripoli'], unplotted: [] },
  { text: 'Police arrested two men in Lagos on Monday.', plotted: ['Lagos → NG/Lagos'], unplotted: [] },
  { text: 'Kenya deployed police officers to Haiti last year.', plotted: ['Kenya → KE', 'Haiti → HT'], unplotted: [] },
  { text: 'China and India held border talks in New Delhi.', plotted: ['China → CN', 'India → IN', 'New Delhi → IN/New Delhi'], unplotted: [] },
  { text: 'Russia launched drones at Kyiv overnight, Ukraine said.', plotted: ['Russia → RU', 'Kyiv → UA/Kyiv', 'Ukraine → UA'], unplotted: [] },
  { text: 'The United States imposed tariffs on steel from Brazil.', plotted: ['United States → US', 'Brazil → BR'], unplotted: [] },
  { text: 'Officials in Washington rejected the proposal from Beijing.', plotted: ['Washington → US/Washington, D.C.', 'Beijing → CN/Beijing'], unplotted: [] },
  { text: 'Sudan army recaptured Khartoum after months of fighting.', plotted: ['Sudan → SD', 'Khartoum → SD/Khartoum'], unplotted: [] },
  { text: 'Israel struck targets in Gaza on Wednesday.', plotted: ['Israel → IL', 'Gaza → PS/Gaza'], unplotted: [] },
  { text: 'Mexico extradited the suspect to Texas.', plotted: ['Mexico → MX', 'Texas → US/Texas'], unplotted: [] },
  { text: 'Japan and South Korea agreed to share intelligence.', plotted: ['Japan → JP', 'South Korea → KR'], unplotted: [] },
  { text: 'Germany pledged aid to Poland after the floods.', plotted: ['Germany → DE', 'Poland → PL'], unplotted: [] },
  { text: 'Venezuela moved troops toward Guyana last week.', plotted: ['Venezuela → VE', 'Guyana → GY'], unplotted: [] },
  { text: 'Peru arrested a former minister in Lima on Sunday.', plotted: ['Peru → PE', 'Lima → PE/Lima'], unplotted: [] },
  { text: 'Iran seized a tanker in the Strait of Hormuz.', plotted: ['Iran → IR'], unplotted: [] },
  { text: 'Nigeria and Ghana signed a trade pact in Accra.', plotted: ['Nigeria → NG', 'Ghana → GH', 'Accra → GH/Accra'], unplotted: [] },
  { text: 'Paris Saint-Germain beat Bayern on Tuesday.', plotted: [], unplotted: [] },
  { text: 'Protests spread from Cairo to Alexandria, Egypt said.', plotted: ['Cairo → EG/Cairo', 'Alexandria → EG/Alexandria', 'Egypt → EG'], unplotted: [] },
  { text: 'Turkey hosted talks in Istanbul between the two sides.', plotted: ['Turkey → TR', 'Istanbul → TR/Istanbul'], unplotted: [] },
  { text: 'Flooding closed roads around Portland on Thursday.', plotted: [], unplotted: ['Portland'] },
  { text: 'Flooding closed roads around Portland, Oregon, on Thursday.', plotted: ['Portland → US/Portland', 'Oregon → US/Oregon'], unplotted: [] },
  { text: 'Canada expelled two diplomats from Ottawa.', plotted: ['Canada → CA', 'Ottawa → CA/Ottawa'], unplotted: [] },
  { text: 'Australia sent firefighters to California.', plotted: ['Australia → AU', 'California → US/California'], unplotted: [] },
  { text: 'The summit in Tokyo ended without a deal.', plotted: ['Tokyo → JP/Tokyo'], unplotted: [] },
  { text: 'France and Britain condemned the attack.', plotted: ['France → FR', 'Britain → GB'], unplotted: [] },
  { text: 'Saudi Arabia cut oil output, Riyadh said.', plotted: ['Saudi Arabia → SA', 'Riyadh → SA/Riyadh'], unplotted: [] },
  { text: 'Pakistan closed its airspace after the strikes near Lahore.', plotted: ['Pakistan → PK', 'Lahore → PK/Lahore'], unplotted: [] },
  { text: 'Argentina devalued the peso, officials in Buenos Aires said.', plotted: ['Argentina → AR', 'Buenos Aires → AR/Buenos Aires'], unplotted: [] },
  { text: 'Ethiopia and Eritrea reopened the border crossing.', plotted: ['Ethiopia → ET', 'Eritrea → ER'], unplotted: [] },
  { text: 'Rescuers searched the rubble in Kathmandu after the quake.', plotted: ['Kathmandu → NP/Kathmandu'], unplotted: [] },
  { text: 'Jordan Peterson spoke in Toronto on Friday.', plotted: ['Toronto → CA/Toronto'], unplotted: [] },
]
