/**
 * Hand-written news articles with gold answers, for measuring what the analyser makes of a whole
 * article (`articles-eval.ts` scores it): the card's title, the article's main event (who did what to
 * whom, its CAMEO root and its date) and its PESTLE category.
 *
 * Every article was written for this set, in the manner of wire or newspaper copy: a lede that states
 * the main event, then background, reactions and quotes, numbers, second and third events and earlier
 * history, so that the main event is never the only one. The events are invented and the people are
 * fictional; countries, cities and well-known organisations are real names. Many carry the clutter a
 * page or feed gives (a dateline, a byline, a photo caption and credit, an "Updated" stamp, "Read more"
 * or newsletter lines, a reporting credit); the gold ignores all of it. The articles were written and
 * labelled by hand before any rule was tuned against them, and the analyser is never told the answers.
 *
 * Labelling guide:
 * - headline: the headline the source printed above the article; `body` is the article without it,
 *   paragraphs separated by a blank line.
 * - The main event is the one event the headline and lede are about, and something that happened (a
 *   threat that was made counts; a threatened strike does not).
 * - agents: who did it. For a passive, the "by" phrase; for "X said Y did Z", Y. Each agent is the name
 *   the body first uses, then other names the body uses for it, without titles ("Minister Ana Ruiz" →
 *   "Ana Ruiz"). A capital is an alias of its government only where the text plainly uses it so
 *   ("Beijing has hit back"); descriptions ("the company") and pronouns never are. Coordinated agents
 *   ("Ghana and Togo signed") are separate agents, either of which may be found.
 * - patients: to whom or what it was done: people, organisations, countries, or the thing acted on when
 *   that is the point (the depot a drone hit, the yacht the police seized, the resolution vetoed); []
 *   when there is none (two parties meeting or signing, a crowd marching).
 * - actions: the lemma of the verb the lede uses, plus close synonyms an analyst would accept (['sign',
 *   'agree'] for a signed deal; ['attack', 'strike', 'hit'] for a strike). One lowercase word each; a
 *   phrasal verb by its verb (walked out → walk).
 * - category: the event's CAMEO root ('01' statement … '20' mass violence); null for an event outside
 *   CAMEO: a company's results or deal, a product or satellite launched, a central bank's rate, a
 *   scientific finding. A war's drone or artillery strike is Fight (19); a bombing or killing by gunmen
 *   outside battle is Assault (18); a lawsuit or accusation is Disapprove (11); an arrest or seizure is
 *   Coerce (17); sanctions are Reduce relations (16); a strike by workers is Protest (14).
 * - date: the day the main event happened, resolved against `published`: "on Tuesday" is the latest
 *   Tuesday up to and including the day of publication, "yesterday" the day before.
 * - pestle: as in `dev-set.ts`: legislation, elections, diplomacy and war → Political; markets,
 *   companies, trade and labour → Economic; health, migration, humanitarian aid → Social; products,
 *   computing and research technology → Technological; courts, lawsuits, fines and enforcement → Legal;
 *   climate, nature and pollution → Environmental.
 */
import type { PestleCategoryName } from '../../src/protocol/analysis'

export interface GoldArticle {
  /** topic-place-event, e.g. 'conflict-sudan-fuel-depot-drones'. */
  id: string
  topic: 'world' | 'business' | 'technology' | 'policy' | 'conflict' | 'science' | 'health' | 'environment' | 'legal'
  /** ISO yyyy-mm-dd: the day the article appeared; relative dates resolve against it. */
  published: string
  /** The headline the source printed above the article. */
  headline: string
  /** The article without its headline; paragraphs separated by a blank line. */
  body: string
  mainEvent: {
    /** Who did it: each agent is [name as first used in the body, ...other names the body uses for it]. */
    agents: string[][]
    /** Acceptable verb lemmas for the act. */
    actions: string[]
    /** To whom or what it was done, in the same form as agents; [] when none. */
    patients: string[][]
    /** Its CAMEO root '01'…'20', or null for an event outside CAMEO. */
    category: string | null
    /** ISO yyyy-mm-dd: the day the main event happened. */
    date: string
  }
  pestle: PestleCategoryName
}

export const articleSet: GoldArticle[] = [
  // ── Political ──────────────────────────────────────────────────────────────────────────────────
  {
    id: 'conflict-sudan-fuel-depot-drones',
    topic: 'conflict',
    published: '2025-08-11',
    headline: 'RSF drones set Port Sudan fuel depot ablaze, army says',
    body: `PORT SUDAN, Aug 11 (Meridian) — The main fuel depot in Port Sudan was attacked by the Rapid Support Forces with a swarm of drones on Sunday, Sudan's army said, setting storage tanks ablaze and cutting power to much of the Red Sea city.

Army spokesman Osman Idris said air defences shot down seven of the drones, but at least four struck the depot near the southern port, which holds most of the diesel that Sudan imports for its generators, water pumps and farms. Two workers were killed and nine were injured, the health ministry said.

Smoke rises over the fuel depot in Port Sudan on Sunday. Photo: Hamid Bakri/Meridian

Black smoke still hung over the harbour on Monday morning as firefighters, helped by a crew from a Saudi navy vessel, tried to keep the fire from spreading to a grain terminal a few hundred metres away.

The RSF, which has fought the army for control of Sudan since April 2023, did not claim the attack. Its commanders have said in the past that they would strike any facility that supplies the army's war effort. The paramilitary group accused the army last week of bombing a market in Nyala, in South Darfur, and killing 30 civilians, a charge the army denied.

Diesel on the black market in Port Sudan rose to about 8,000 Sudanese pounds a litre on Monday, double the official price, traders said, and long queues formed at the few filling stations still open.

Port Sudan was largely spared the fighting for two years. The city now hosts the army-backed government, most United Nations agencies and tens of thousands of people who fled Khartoum, and fuel prices there have doubled since the first drone raids in the spring.

The World Food Programme said on Monday it had suspended fuel deliveries to its trucks in eastern Sudan and warned that food convoys to Darfur could be delayed by at least a week.

(Reporting by Lina Haddad; Editing by Mark Ellery)`,
    mainEvent: {
      agents: [['Rapid Support Forces', 'RSF']],
      actions: ['attack', 'strike', 'hit', 'target'],
      patients: [['fuel depot', 'depot']],
      category: '19',
      date: '2025-08-10',
    },
    pestle: 'Political',
  },
  {
    id: 'world-ghana-togo-border-patrols',
    topic: 'world',
    published: '2025-03-05',
    headline: 'Ghana and Togo sign pact on joint border patrols after attacks in the north',
    body: `By Efua Mensah-Larbi

Ghana and Togo signed an agreement on Tuesday to run joint army and police patrols along their northern border, where armed groups from the Sahel have attacked customs posts and villages over the past year.

The defence ministers of the two countries, Kwabena Asare of Ghana and Yawo Ametepe of Togo, signed the accord in Accra in the presence of officials from the Economic Community of West African States. Under its terms, mixed units of up to 200 soldiers will patrol a 120-km stretch of the border between Bawku and Dapaong and share radio frequencies and intelligence.

"No group will be able to hide on one side of the line and strike on the other," Asare told reporters after the ceremony. Ametepe said Togo had lost 14 soldiers in attacks near Dapaong since January 2024 and welcomed what he called "a shield for both peoples".

The deal follows a similar pact that Ghana agreed with Burkina Faso in 2022, which lapsed the following year when the military government in Ouagadougou stopped sending officers to joint meetings.

Security analysts were cautious. "Patrols help, but the groups recruit among young men who have no work and no trust in the state," said Ama Boateng, a researcher at the Kofi Annan International Peacekeeping Training Centre. She said both governments should also pay for schools, clinics and roads in the border districts.

Togo's cabinet approved the agreement on Monday. Ghana's parliament is expected to ratify it next month, and the first patrols are due to start in May.`,
    mainEvent: {
      agents: [['Ghana'], ['Togo']],
      actions: ['sign', 'agree'],
      patients: [],
      category: '05',
      date: '2025-03-04',
    },
    pestle: 'Political',
  },
  {
    id: 'conflict-burkina-bus-attack',
    topic: 'conflict',
    published: '2025-06-03',
    headline: 'Gunmen kill 14 bus passengers in northern Burkina Faso, officials say',
    body: `Updated 09:12 GMT

OUAGADOUGOU, June 3 — Regional officials in northern Burkina Faso said on Monday that gunmen had killed at least 14 passengers when they stopped a bus on the road between Djibo and Kongoussi on Sunday afternoon.

The attackers, who arrived on motorbikes, forced the passengers off the bus and shot the men among them, said Issouf Ouédraogo, a spokesman for the governor of the Centre-Nord region. Four women and a child were wounded and taken to the hospital in Kongoussi. The gunmen then set fire to the bus and fled north.

No group has claimed the attack. Jama'at Nusrat al-Islam wal-Muslimin, an al Qaeda affiliate known as JNIM, has carried out similar ambushes on the same road, the only route for food and fuel into Djibo, a town swollen by people who have fled the surrounding villages.

The army said on Monday that it had launched air strikes on militant camps near the Malian border and killed "dozens of terrorists". The claim could not be independently verified.

Burkina Faso's military government has armed thousands of civilian volunteers to fight the insurgents. Rights groups have accused both the volunteers and the army of killing civilians they suspect of helping the militants, charges the government rejects.

More than two million people have fled their homes in the country, according to the United Nations, and aid agencies say the road to Djibo has been cut for weeks at a time since 2022.`,
    mainEvent: {
      agents: [['gunmen']],
      actions: ['kill', 'attack', 'shoot', 'ambush'],
      patients: [['passengers'], ['bus']],
      category: '18',
      date: '2025-06-01',
    },
    pestle: 'Political',
  },
  {
    id: 'world-brazil-argentina-summit',
    topic: 'world',
    published: '2025-04-10',
    headline: 'Brazil and Argentina leaders meet at border to mend ties after tariff row',
    body: `FOZ DO IGUAÇU, Brazil, April 10 — Brazil's President Tomás Ribeiro and Argentina's President Lucía Arrieta met on Wednesday near the bridge that links their countries across the Iguaçu River, their first meeting since a dispute over car tariffs soured relations last year.

The two leaders held talks for three hours in a hotel on the Brazilian side of the border and agreed to set up a working group on the tariffs, which Argentina raised to 35% on Brazilian cars in October. Ribeiro called the meeting "frank and useful". Arrieta said she had not come "to hand out gifts" but wanted trade between the two Mercosur partners to grow again.

Trade between the two countries fell 18% last year to $24 billion, according to Brazil's trade ministry. Carmakers in São Paulo state have cut shifts since the tariff took effect, and metalworkers there staged a one-day strike in February.

The presidents also discussed a gas pipeline from the Vaca Muerta shale field in Argentina to southern Brazil, which Arrieta wants Brazil's development bank BNDES to help finance. No agreement on the pipeline was signed.

Business groups on both sides had pressed for the meeting. The São Paulo industry federation said in March that exports of cars and parts to Argentina had fallen by a third since the tariff rise, while Argentine farmers complain that Brazil has slowed imports of their wheat with new plant-health checks.

Arrieta, who took office promising to open Argentina's economy, has nonetheless defended the car tariff as a temporary shield for factories in Córdoba that employ 40,000 people. Ribeiro faces an election next year in which the economy is expected to be the main issue.

Relations between the neighbours have swung sharply with changes of government. In 2020, the two countries went eight months without a meeting of their foreign ministers, and Ribeiro did not attend Arrieta's inauguration in 2023.

The working group is due to report within 90 days. Uruguay and Paraguay, the other full members of Mercosur, welcomed the meeting in a joint statement on Thursday.`,
    mainEvent: {
      agents: [
        ['Tomás Ribeiro', 'Ribeiro'],
        ['Lucía Arrieta', 'Arrieta'],
      ],
      actions: ['meet', 'hold', 'talk', 'discuss'],
      patients: [],
      category: '04',
      date: '2025-04-09',
    },
    pestle: 'Political',
  },
  {
    id: 'policy-eu-belarus-sanctions',
    topic: 'policy',
    published: '2025-10-07',
    headline: 'EU imposes sanctions on 18 Belarusian officials over jailed journalists',
    body: `BRUSSELS, Oct 7 — The European Union imposed sanctions on 18 Belarusian officials and three state-owned companies on Monday over the imprisonment of journalists and the forced exile of opposition activists, the bloc's foreign ministers said after a meeting in Luxembourg.

The officials, who include two deputy interior ministers, the head of the prison service and several judges, face travel bans and asset freezes across the 27 member states. The companies, among them the potash trader Belkalitrade, can no longer raise money from European banks or sell to buyers in the bloc.

"Belarus holds more than 30 journalists behind bars for doing their work. Every name on this list had a hand in that," said Helena Vasko, Lithuania's foreign minister, who proposed the package in July.

The list also includes a Minsk court that sentenced the journalist Andrei Kavalenka to nine years in prison in August over articles he wrote for a news site based in Poland. His wife, who lives in Warsaw, said the listing was "the first good news in two years".

Belarus's foreign ministry called the measures "illegal and pointless" and said Minsk would respond "in kind", without giving details.

The EU first imposed sanctions on Belarus after the disputed presidential election of 2020 and widened them in 2022, when the country let Russian troops cross its territory into Ukraine. Minsk has since freed about 250 political prisoners, but rights groups say more than 1,100 remain in jail.

Hungary and Slovakia had held up the package for a month, demanding that a fertiliser company be taken off the list. Diplomats said the company was dropped on Friday.

Read more: Lithuania shuts two border crossings with Belarus after smuggling balloons drift into Vilnius`,
    mainEvent: {
      agents: [['European Union', 'EU']],
      actions: ['impose', 'sanction'],
      patients: [['Belarusian officials', 'officials'], ['state-owned companies', 'companies'], ['Belarus']],
      category: '16',
      date: '2025-10-06',
    },
    pestle: 'Political',
  },
  {
    id: 'conflict-venezuela-guyana-troops',
    topic: 'conflict',
    published: '2025-11-27',
    headline: 'Venezuela moves troops to Guyana border, Guyanese army says',
    body: `GEORGETOWN, Nov 27 — Venezuela moved about 2,000 troops and a column of armoured vehicles to its border with Guyana on Tuesday, the Guyana Defence Force said on Wednesday, the sharpest escalation in more than a year of the two countries' quarrel over the Essequibo region.

Roxanne Fraser, the force's chief of staff, told reporters in Georgetown that satellite images and patrols showed the troops setting up camp on Anacoco island, in the Cuyuni river, and near the mining town of Tumeremo. "We are watching every movement, and we are in close contact with our partners," she said.

Venezuela's defence ministry did not deny the movement. In a statement, it said the troops were taking part in "routine operations against illegal mining and drug trafficking" on Venezuelan soil.

Guyana's President Devendra Persaud said he had spoken to the US secretary of state and had asked Brazil, which borders both countries, to press Caracas to pull the troops back.

In a speech on state television on Wednesday evening, Venezuela's vice-president said the country would "never give up a centimetre of Essequibo" but would not be "provoked into a war".

The dispute goes back more than a century. In 2023, Venezuela held a referendum that claimed Essequibo, which makes up two-thirds of Guyana's territory and lies beside large offshore oil fields. The International Court of Justice ordered Venezuela later that year not to take any action that would change the situation on the ground.

Brazil said on Wednesday that it had sent extra soldiers to its own northern border town of Pacaraima "as a precaution". Oil companies operating off Guyana said their work was not affected.`,
    mainEvent: {
      agents: [['Venezuela']],
      actions: ['move', 'deploy', 'send'],
      patients: [['Guyana']],
      category: '15',
      date: '2025-11-25',
    },
    pestle: 'Political',
  },
  {
    id: 'world-iran-frees-french-teachers',
    topic: 'world',
    published: '2025-02-12',
    headline: 'Iran frees two French teachers held for more than two years',
    body: `By Claire Dumontet

Iran yesterday released two French teachers, Hélène Marchal and Julien Besson, who had been held in Tehran's Evin prison for more than two years on spying charges that their families and the French government always called absurd.

The pair landed at Le Bourget airport near Paris late in the evening on a plane sent by the French government and were met by their families and by Foreign Minister Arnaud Delpech. "They are free, they are home, and they are well," Delpech told reporters on the tarmac.

Hélène Marchal and Julien Besson on arrival at Le Bourget on Tuesday night. Photo: Sami Kerrouche/Staff

Oman, which has often carried messages between Tehran and Western capitals, helped to negotiate the release, two diplomats said. One of them said France had in return dropped its objection to the transfer to Iran of an Iranian engineer held in Italy. The French presidency denied that there had been any exchange.

Iranian police arrested Marchal and Besson in October 2022, while they were travelling as tourists in Isfahan, and accused them of photographing military sites for French intelligence. A Revolutionary Court sentenced them last year to ten and eight years in prison.

At least four other Europeans are still held in Iran, including a German-Iranian cyclist and a Swedish doctor, according to rights groups. France last month again urged its citizens not to travel to the country.`,
    mainEvent: {
      agents: [['Iran']],
      actions: ['release', 'free'],
      patients: [['Hélène Marchal', 'Marchal'], ['Julien Besson', 'Besson'], ['French teachers']],
      category: '08',
      date: '2025-02-11',
    },
    pestle: 'Political',
  },
  {
    id: 'world-russia-vetoes-black-sea-inquiry',
    topic: 'world',
    published: '2026-01-29',
    headline: 'Russia vetoes UN inquiry into attacks on grain ships in the Black Sea',
    body: `UNITED NATIONS, Jan 29 — Russia vetoed a UN Security Council resolution on Wednesday that would have set up an independent inquiry into attacks on civilian grain ships in the Black Sea, drawing sharp criticism from Ukraine and its European allies.

Twelve of the council's 15 members voted for the draft, which Denmark and Greece had put forward. China and Pakistan abstained.

Russia's ambassador, Sergei Volokhov, told the council that the text was "a political show" and accused its sponsors of ignoring Ukrainian drone attacks on Russian tankers. "We will not allow this council to be used to write one-sided verdicts," he said.

At least nine cargo ships have been hit by drones or missiles in or near Ukrainian ports since August, killing six sailors, according to the International Maritime Organization. Ukraine says Russia targets the ships to choke its grain exports, which pay for much of its imports of fuel.

Denmark's ambassador, Mette Kjær, said her country would now take the proposal to the General Assembly, where no country has a veto. Under a rule the assembly adopted in 2022, it must meet within ten working days of any veto.

Ukraine's Foreign Minister Taras Hlushko called the veto "a licence to sink ships". Shipping insurers raised premiums for Black Sea voyages for the third time since the autumn.`,
    mainEvent: {
      agents: [['Russia']],
      actions: ['veto', 'block', 'reject'],
      patients: [['resolution', 'draft']],
      category: '12',
      date: '2026-01-28',
    },
    pestle: 'Political',
  },
  {
    id: 'world-china-threatens-netherlands',
    topic: 'world',
    published: '2026-02-18',
    headline: 'China threatens Netherlands with countermeasures over chip export curbs',
    body: `BEIJING, Feb 18 — China threatened on Wednesday to take "firm countermeasures" against the Netherlands after the Dutch government widened its restrictions on exports of chip-making equipment to Chinese companies.

"If the Netherlands insists on going down this road, China will respond, and the Dutch side will bear the consequences," foreign ministry spokeswoman Lin Yuehua told a regular news briefing. She did not say what steps Beijing was considering.

The Dutch trade ministry announced on Monday that companies would need a licence to ship older deep-ultraviolet lithography machines and their spare parts to 14 Chinese chipmakers from April. ASML, the country's largest company and the leading maker of lithography tools, said the rules would cut its sales this year by less than 2%.

Beijing has hit back at earlier export controls by restricting sales of gallium, germanium and graphite, which are used in chips and batteries. In 2023, it barred operators of critical infrastructure from buying memory chips from the American company Micron Technology.

The Dutch trade minister, Sanne de Groot, said the rules were "a matter of national security, not aimed at any country" and had been discussed with the European Commission and with Washington.

Shares of ASML fell 3.1% in Amsterdam. Chinese state media called on Chinese companies to speed up the development of their own lithography machines.`,
    mainEvent: {
      agents: [['China', 'Beijing']],
      actions: ['threaten', 'warn'],
      patients: [['Netherlands', 'Dutch government']],
      category: '13',
      date: '2026-02-18',
    },
    pestle: 'Political',
  },
  {
    id: 'world-belgrade-media-law-march',
    topic: 'world',
    published: '2025-03-24',
    headline: 'Tens of thousands march in Belgrade against new media law',
    body: `Tens of thousands of protesters marched through central Belgrade on Saturday against a new law that lets the government appoint the board of Serbia's public broadcaster, in the largest demonstration in the capital this year.

Protesters fill Kneza Miloša street in Belgrade on Saturday. Photo: Dragan Ilić/Staff

The crowd, put at 85,000 by an independent monitoring group and at 31,000 by the police, walked from Slavija square to the parliament, where students read out their demands, including the withdrawal of the law and the resignation of the broadcaster's director.

Prime Minister Vuk Stanković accused "foreign-funded groups" of organising the march and said the law would make the broadcaster "answer to the citizens who pay for it". Parliament passed the law on March 12 by 132 votes in the 250-seat chamber.

The European Union, which Serbia hopes to join, has urged the government to withdraw the law, and the European Broadcasting Union said last week that it breached the independence of public media.

Serbia has seen repeated waves of protest since the canopy of the railway station in Novi Sad collapsed in November 2024, killing 16 people.

Police said they had detained six people after scuffles outside the parliament late on Saturday night. Organisers called another march for next Saturday in Novi Sad.

Sign up for our Balkans newsletter, delivered every Monday.`,
    mainEvent: {
      agents: [['protesters']],
      actions: ['march', 'protest', 'rally', 'demonstrate', 'walk'],
      patients: [],
      category: '14',
      date: '2025-03-22',
    },
    pestle: 'Political',
  },
  {
    id: 'world-philippines-demands-china-free-fishermen',
    topic: 'world',
    published: '2026-04-14',
    headline: 'Philippines demands China free nine fishermen seized near disputed shoal',
    body: `MANILA, April 14 — The Philippines demanded on Monday that China release nine Filipino fishermen whom the Chinese coast guard detained near Second Thomas Shoal in the South China Sea at the weekend.

The Philippine foreign ministry summoned China's ambassador and handed him a note of protest, the ministry said in a statement. It called the detention "an unlawful act in waters where Filipino fishermen have worked for generations".

The fishermen's boat, the Santo Niño II, was boarded on Saturday about 20 nautical miles from the shoal, where a handful of Filipino marines live on a grounded navy ship. The boat's owner, Rolando Bautista, said the crew had radioed that armed men were on deck before contact was lost.

China's embassy in Manila said the men had been "fishing illegally in Chinese waters" and would be "dealt with according to law". Beijing claims almost all of the South China Sea, despite a 2016 ruling by an international tribunal in The Hague that its claim has no legal basis.

The United States, a treaty ally of the Philippines, called on China to free the crew. Japan and Australia said they were concerned.

Defence Secretary Gilberto Navarro said the navy would escort fishing boats in the area from next week.`,
    mainEvent: {
      agents: [['Philippines', 'Philippine foreign ministry']],
      actions: ['demand', 'urge', 'call'],
      patients: [['China', 'Beijing']],
      category: '10',
      date: '2026-04-13',
    },
    pestle: 'Political',
  },

  // ── Economic ───────────────────────────────────────────────────────────────────────────────────
  {
    id: 'business-nordwind-air-results',
    topic: 'business',
    published: '2025-07-31',
    headline: 'Nordwind Air posts record first-half profit as summer travel holds up',
    body: `OSLO, July 31 (Wirecast) - Nordwind Air reported a record first-half profit on Thursday, helped by strong summer bookings to southern Europe and lower fuel costs, and raised its forecast for the full year.

The Oslo-based low-cost airline made an operating profit of 1.9 billion Norwegian crowns ($186 million) in the first six months, up from 1.2 billion a year earlier and above the 1.6 billion that analysts had expected on average. Revenue rose 14% to 16.4 billion crowns.

Jet fuel, which makes up about a quarter of the airline's costs, was 11% cheaper in the period than a year earlier, and Nordwind has already bought about 60% of the fuel it expects to use in the second half, Solheim said.

"Our planes have never been fuller," chief executive Ingrid Solheim said, adding that bookings for the autumn were 6% ahead of last year. The airline now expects a full-year operating profit of 3.2 billion to 3.5 billion crowns, up from 2.8 billion to 3.1 billion.

Nordwind's shares rose 7.4% by mid-morning, the biggest gain on the Oslo exchange.

The results contrast with those of its Swedish rival Skarvik Airlines, which cut its own forecast last week after a strike by cabin crew grounded a fifth of its flights in June.

Unions representing Nordwind's 1,100 pilots have asked for a pay rise of 9% in talks that begin in September. Solheim said the record profit would not change the company's offer of 4%.

Nordwind nearly collapsed in 2020, when the pandemic grounded its fleet, and survived only after the Norwegian government turned its loans into shares. It has since cut its fleet to 64 Boeing 737 jets and dropped all long-haul routes. The state sold the last of its stake in March.

(Reporting by Erik Brandvold; Editing by Susan Fenwick)`,
    mainEvent: {
      agents: [['Nordwind Air', 'Nordwind']],
      actions: ['report', 'post', 'make'],
      patients: [],
      category: null,
      date: '2025-07-31',
    },
    pestle: 'Economic',
  },
  {
    id: 'business-halvorsen-buys-kaasland',
    topic: 'business',
    published: '2025-09-19',
    headline: 'Danish dairy group Halvorsen to buy Dutch cheese maker Kaasland for €2.1 billion',
    body: `Danish dairy group Halvorsen Foods agreed late on Wednesday to buy the Dutch cheese maker Kaasland for €2.1 billion in cash, creating Europe's third-largest cheese producer at a time when supermarkets are pressing their suppliers to cut prices.

Halvorsen will pay €34 a share, a premium of 27% to Kaasland's closing price on Wednesday, the two companies said in a joint statement. Kaasland's board and its largest shareholder, the farmers' cooperative Noordmelk, which owns 41% of the shares, have backed the offer.

Shares of Kaasland jumped 24% in Amsterdam on Thursday, while Halvorsen's fell 3.5% in Copenhagen as some investors questioned the price.

Halvorsen's chief executive, Mads Vestergaard, said the deal would save €120 million a year by 2028, mainly by combining purchasing and transport, and that no factories would close in the Netherlands. "Kaasland's brands travel well, and we can take them into markets where we are strong, from the Nordic countries to the Gulf," he said.

The deal needs the approval of the European Commission's competition authorities, which made Halvorsen sell two Swedish plants when it bought a German rival in 2017.

Europe's dairy industry has been consolidating as the number of dairy farms falls and the costs of feed and energy stay high. Noordmelk said its 3,200 member farmers would keep a guaranteed price for their milk for ten years under the deal.`,
    mainEvent: {
      agents: [['Halvorsen Foods', 'Halvorsen']],
      actions: ['agree', 'buy', 'acquire'],
      patients: [['Kaasland']],
      category: null,
      date: '2025-09-17',
    },
    pestle: 'Economic',
  },
  {
    id: 'business-antwerp-dock-strike',
    topic: 'business',
    published: '2026-05-12',
    headline: 'Antwerp dock workers walk out over automation plan, halting container traffic',
    body: `Updated 07:45 GMT

Dock workers at the port of Antwerp walked out on Monday night over plans to automate two container terminals, halting most loading and unloading at Europe's second-largest port.

About 4,000 workers joined the strike, which their unions said would last 48 hours. By Tuesday morning, 23 container ships were waiting at anchor in the Scheldt estuary, according to the port authority.

The unions accuse the terminal operator Scaldis Terminals of breaking a promise, made in 2021, to consult them before it brought in remote-controlled cranes and driverless straddle carriers.

"Machines don't pay taxes and they don't buy bread in Antwerp," said Kristof Maes, a spokesman for the transport workers' union.

Scaldis Terminals said the automation would create 300 skilled jobs and that no worker would be laid off. It said it had invited the unions to talks on Thursday and urged them to return to work in the meantime.

Belgium's employers' federation warned that a long stoppage would cost the economy about €30 million a day, and shipping lines said some vessels would be diverted to Rotterdam and Zeebrugge.

Dock workers in Rotterdam, the continent's largest port, ended a similar strike in March after eight days, when their employer agreed to a ten-year job guarantee.`,
    mainEvent: {
      agents: [['Dock workers', 'workers']],
      actions: ['walk', 'strike'],
      patients: [],
      category: '14',
      date: '2026-05-11',
    },
    pestle: 'Economic',
  },
  {
    id: 'business-chile-central-bank-rate-cut',
    topic: 'business',
    published: '2025-12-09',
    headline: "Chile's central bank cuts interest rate to 4.25% as inflation eases",
    body: `SANTIAGO, Dec 9 — Chile's central bank cut its benchmark interest rate by 25 basis points to 4.25% on Tuesday, its first reduction in six months, as inflation slowed to within its target range and growth stalled.

All five members of the board voted for the cut, which most economists had expected. In a statement, the board said inflation had fallen to 3.4% in November from 4.9% at the start of the year and that it expected it to reach the 3% target by the middle of 2026.

The statement left the door open to further cuts. "The board will keep adjusting the rate in line with the data," it said, noting that the economy was growing more slowly than it had forecast in September.

The peso weakened 0.6% against the dollar after the decision.

Chile's economy grew just 1.1% in the third quarter from a year earlier, held back by lower output at the state copper miner Codelco, where a fire at a smelter in August halted production for three weeks.

The central bank raised its rate to a peak of 11.25% in 2022 to fight inflation, which reached 14% that year, and began cutting it in July 2023.

Finance Minister Rodrigo Vial welcomed the decision and said the government would present a plan to speed up permits for mining and energy projects in January.`,
    mainEvent: {
      agents: [["Chile's central bank", 'central bank']],
      actions: ['cut', 'lower', 'reduce'],
      patients: [['benchmark interest rate', 'interest rate']],
      category: null,
      date: '2025-12-09',
    },
    pestle: 'Economic',
  },
  {
    id: 'business-imf-malawi-loan',
    topic: 'business',
    published: '2026-01-13',
    headline: 'IMF approves $175 million loan for Malawi as fuel shortages bite',
    body: `A $175 million loan to Malawi was approved by the International Monetary Fund on Friday, releasing money the country needs to pay for imports of fuel and fertiliser after months of shortages.

The IMF's executive board agreed to a 40-month arrangement under its Extended Credit Facility, of which $35 million will be paid out at once, the fund said in a statement.

Malawi's finance minister, Chikondi Banda, said the money would "bring the queues at filling stations to an end" and help the country rebuild its foreign exchange reserves, which covered less than a month of imports in December.

In return, the government has promised to let the kwacha trade more freely, to phase out a subsidy on maize flour and to publish the accounts of the state grain trader every quarter. The central bank devalued the kwacha by 44% in November 2023.

The loan replaces an earlier programme that lapsed last year after Malawi missed its targets for the budget deficit. Opposition lawmakers said the conditions would push up food prices before the harvest in April.

The World Bank said on Monday that it would give Malawi $80 million in grants for drought relief in the south of the country, where the rains failed for a second year.`,
    mainEvent: {
      agents: [['International Monetary Fund', 'IMF']],
      actions: ['approve', 'lend', 'grant'],
      patients: [['Malawi']],
      category: '07',
      date: '2026-01-09',
    },
    pestle: 'Economic',
  },
  // ── Social ─────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'health-who-declares-zambia-cholera-over',
    topic: 'health',
    published: '2025-05-17',
    headline: "WHO declares end of Zambia's cholera outbreak after 11 months",
    body: `By Miriam Okafor, Health Correspondent

The World Health Organization declared the cholera outbreak in Zambia over on Friday, 11 months after the first cases were found in the northern town of Mpulungu, on the shore of Lake Tanganyika.

The outbreak infected 9,412 people and killed 318, according to Zambia's health ministry. No new case has been recorded since March 22, more than twice the longest incubation period of the disease, the test the WHO applies before an outbreak can be called over.

"This is what happens when communities, health workers and the government pull in the same direction," said Nkandu Mwale, the WHO's representative in Zambia. She credited a vaccination campaign that reached 2.3 million people in six districts and the chlorination of water at fish markets.

Zambia's worst outbreak, in 2023 and 2024, killed more than 700 people and forced the government to delay the start of the school year.

Health Minister Joseph Chanda warned that the rainy season, which starts in November, could bring the disease back, and said the government would spend 120 million kwacha on boreholes and latrines in fishing villages.

Cases of cholera have risen around the world since 2021. Malawi, Mozambique and Zimbabwe are still reporting cases, and UNICEF warned last week that global stocks of oral vaccine were running low.`,
    mainEvent: {
      agents: [['World Health Organization', 'WHO']],
      actions: ['declare', 'announce'],
      patients: [],
      category: '01',
      date: '2025-05-16',
    },
    pestle: 'Social',
  },
  {
    id: 'health-unicef-haiti-appeal',
    topic: 'health',
    published: '2025-10-23',
    headline: "UNICEF appeals for $220 million to keep Haiti's schools and clinics open",
    body: `UNICEF appealed to donor governments on Wednesday for $220 million to keep schools and health clinics open for children in Haiti, where armed gangs now control most of the capital, Port-au-Prince.

The UN children's agency said that 1.2 million children in Haiti needed humanitarian aid, 40% more than a year ago, and that more than 900 schools had closed because of fighting or because gangs had taken over the buildings.

"Children are being recruited by gangs because there is nowhere else for them to go," said Marie-Lourdes Pierre, UNICEF's representative in Haiti. "A school that stays open is the best protection we can offer."

The agency said it had received only 22% of the $180 million it asked for in Haiti last year. Its funding has fallen since its largest donor, the United States, cut its spending on foreign aid.

Gangs killed more than 4,000 people in Haiti in the first nine months of the year, according to the UN human rights office. A multinational police mission led by Kenya has failed to retake large parts of the capital.

The appeal came a day after gunmen attacked a hospital in the town of Mirebalais, north-east of the capital, forcing its staff and 60 patients to flee. The health ministry said two nurses were missing.`,
    mainEvent: {
      agents: [['UNICEF']],
      actions: ['appeal', 'ask', 'call'],
      patients: [['donor governments']],
      category: '02',
      date: '2025-10-22',
    },
    pestle: 'Social',
  },
  {
    id: 'policy-spain-pledges-sudanese-refugees',
    topic: 'policy',
    published: '2026-03-05',
    headline: 'Spain pledges to resettle 1,200 Sudanese refugees stranded in Libya',
    body: `Spain pledged on Monday to resettle 1,200 Sudanese refugees who have been stranded in Libya, many of them for more than a year, the largest such offer by a European country since the war in Sudan began.

Interior Minister Marta Ochoa announced the pledge in Geneva after talks with the UN refugee agency, UNHCR, which will choose the refugees and help to fly them to Madrid over the next 18 months.

Women travelling alone, children without parents and people who need urgent medical care will come first, the Spanish government said.

More than 240,000 Sudanese have fled to Libya since April 2023, according to UNHCR, and thousands have tried to cross the Mediterranean to Italy and Greece. At least 480 people died or went missing on the central Mediterranean route last year.

"Spain is showing that there is a safe and legal way," said Lotte Vermeer, UNHCR's director for Europe. She urged other European Union countries to follow.

Spain has resettled about 1,000 refugees a year since 2015, most of them Syrians from Lebanon and Turkey. The new programme comes on top of that quota and will be paid for largely from the interior ministry's budget, Ochoa said.

Spain's conservative opposition criticised the plan, saying the government should first deal with the arrival of migrants in the Canary Islands, where more than 40,000 people landed by boat in 2024.

The European Commission said on Tuesday that it would pay Spain €10,000 for each refugee resettled, from its asylum and migration fund.`,
    mainEvent: {
      agents: [['Spain', 'Spanish government']],
      actions: ['pledge', 'promise', 'offer', 'resettle'],
      patients: [['Sudanese refugees', 'refugees']],
      category: '03',
      date: '2026-03-02',
    },
    pestle: 'Social',
  },
  {
    id: 'health-uganda-malaria-vaccine-trial',
    topic: 'health',
    published: '2026-06-11',
    headline: 'Ugandan researchers report malaria vaccine cut child infections by 61%',
    body: `Researchers at Makerere University in Kampala reported on Wednesday that an experimental malaria vaccine cut infections by 61% among young children in a two-year trial in eastern Uganda, raising hopes of a cheaper shot for the countries worst hit by the disease.

The vaccine, called MK-21, was given to 4,800 children aged five months to three years in Tororo and Busia districts. Those who received three doses and a booster had 61% fewer cases of malaria than children given a rabies vaccine for comparison, the team wrote in The Lancet. Severe cases fell by 55%.

The results are close to those of the two vaccines the World Health Organization already recommends, but MK-21 can be made for under $2 a dose and kept for six months in an ordinary fridge, said the trial's lead author, Grace Nakato.

"If the next trial confirms this, Uganda could be making its own malaria vaccine within five years," she said.

Malaria killed about 600,000 people in 2023, three-quarters of them children under five in Africa, according to the WHO. Uganda has one of the highest rates of the disease in the world.

A larger trial involving 12,000 children in Uganda, Kenya and Malawi is due to begin in January, paid for by the Gates Foundation and Uganda's health ministry.`,
    mainEvent: {
      agents: [['Makerere University'], ['Researchers']],
      actions: ['report', 'find', 'show'],
      patients: [],
      category: null,
      date: '2026-06-10',
    },
    pestle: 'Social',
  },
  {
    id: 'world-amnesty-accuses-greek-coast-guard',
    topic: 'world',
    published: '2025-07-08',
    headline: 'Amnesty accuses Greek coast guard of forcing migrants back to sea',
    body: `Amnesty International accused Greece's coast guard on Tuesday of forcing at least 300 migrants back into Turkish waters in the Aegean Sea this year, in some cases leaving them adrift in life rafts without engines.

In a 46-page report, the rights group said it had interviewed 52 people who described 19 such incidents between January and May near the islands of Lesbos, Samos and Chios. Several said officers had taken their phones and money before putting them on the rafts.

"These are not isolated mistakes. They are a practice," said Nadia Haroun, Amnesty's researcher on migration in Europe. The group called on the European Commission to open legal proceedings against Greece.

Greece's migration ministry rejected the report as "based on the claims of smugglers" and said the coast guard had rescued more than 11,000 people at sea in the first half of the year. It said every allegation was examined by an independent authority.

The report comes two years after a fishing boat carrying some 750 people sank off Pylos, in southern Greece, in one of the deadliest shipwrecks in the Mediterranean.

Turkey's coast guard said on Monday that it had picked up 1,940 migrants in the Aegean since January who had been pushed back by Greek boats.`,
    mainEvent: {
      agents: [['Amnesty International', 'Amnesty']],
      actions: ['accuse', 'criticise', 'condemn'],
      patients: [["Greece's coast guard", 'coast guard'], ['Greece']],
      category: '11',
      date: '2025-07-08',
    },
    pestle: 'Social',
  },

  // ── Technological ──────────────────────────────────────────────────────────────────────────────
  {
    id: 'technology-veltra-ar-glasses',
    topic: 'technology',
    published: '2025-09-04',
    headline: 'Veltra unveils lightweight AR glasses to take on Meta and Apple',
    body: `By Jonas Reyes

Veltra, the Finnish maker of smart eyewear, yesterday unveiled a pair of augmented-reality glasses that weigh 48 grams, about as much as ordinary sunglasses, and will go on sale in Europe and the United States in November for €899.

The glasses, called Veltra Lumo, project text, maps and video calls onto the lenses using a chip designed by the company and made by TSMC in Taiwan. They run for eight hours on a charge and work with both Android phones and iPhones, the company said at a launch event in Helsinki.

"For ten years, people have been told that AR glasses are two years away. We wanted to make a pair you would actually wear on the bus," chief executive Aino Lehtinen said.

The Lumo has no camera, a choice Lehtinen said was deliberate. "People around you should not have to wonder whether they are being filmed," she said. A version with a camera is planned for 2027.

Read more: Why the tech industry is betting on glasses again

Veltra, founded in 2016 by former Nokia engineers, has raised €420 million from investors. Its previous product, a visor for cyclists, sold about 60,000 units.

Analysts liked the weight but questioned the price. "Nine hundred euros is a lot for a second screen," said Petra Holm, an analyst at the research firm IDC. Meta Platforms and Apple are both expected to show new glasses next year.

The company said it had taken 30,000 pre-orders in the first six hours.`,
    mainEvent: {
      agents: [['Veltra']],
      actions: ['unveil', 'launch', 'introduce', 'show'],
      patients: [['glasses', 'Veltra Lumo']],
      category: null,
      date: '2025-09-03',
    },
    pestle: 'Technological',
  },
  {
    id: 'science-stellarator-plasma-record',
    topic: 'science',
    published: '2026-02-06',
    headline: 'German fusion reactor holds plasma for nine minutes in record run',
    body: `GREIFSWALD, Germany, Feb 6 — Scientists at the Max Planck Institute for Plasma Physics sustained a fusion plasma for nine minutes on Tuesday, more than ten times longer than the previous record for a stellarator, the institute said on Friday.

The Wendelstein 7-X device in Greifswald kept the hydrogen plasma at about 30 million degrees Celsius while 1.3 gigajoules of energy passed through the machine. Its previous best, set last year, was 43 seconds.

"Nine minutes is long enough to show that the walls and cooling of a power plant can be handled," said Thomas Kranz, who leads the experiment. The team spent two years fitting water-cooled tiles to the inside of the vessel before the run.

Unlike tokamaks, the doughnut-shaped reactors used by most fusion projects, stellarators confine the plasma with twisted magnets and can in principle run without a break.

The result does not mean that fusion power is near. The machine did not produce more energy than it consumed, and only one experiment in the world, at the Lawrence Livermore National Laboratory in California in 2022, has released more fusion energy than the lasers put in.

Germany's research ministry said in January that it would spend €2 billion on fusion research by 2029. Several private companies, including the Munich start-up Helix Fusion, plan to build stellarator power plants in the 2030s.`,
    mainEvent: {
      agents: [['Max Planck Institute for Plasma Physics'], ['Scientists']],
      actions: ['sustain', 'hold', 'keep'],
      patients: [['fusion plasma', 'plasma']],
      category: null,
      date: '2026-02-03',
    },
    pestle: 'Technological',
  },
  {
    id: 'technology-isro-radar-satellite',
    topic: 'technology',
    published: '2026-03-21',
    headline: 'India launches radar satellite to track floods and crop damage',
    body: `SRIHARIKOTA, India, March 21 — The Indian Space Research Organisation (ISRO) launched a radar satellite early on Friday that will map floods, landslides and crop damage across South Asia through cloud and at night.

The 2,300-kg satellite, named Varsha-1, lifted off at 5:42 a.m. on a GSLV rocket from the Satish Dhawan Space Centre and reached its planned orbit 19 minutes later, the agency said.

The launch was ISRO's third this year. In January, a PSLV rocket failed to put a navigation satellite into the right orbit after a fault in its third stage, and the agency spent six weeks investigating before it cleared the GSLV to fly again.

"Our farmers and disaster teams will have a picture of the whole country every six days, whatever the weather," ISRO chairman Venkat Subramaniam said from the control room.

The satellite carries a radar built by ISRO and will share its images with Bangladesh, Nepal and Sri Lanka under an agreement signed in 2024. It adds to NISAR, a radar satellite built jointly with NASA and launched in July last year.

India's space programme has grown quickly since its Chandrayaan-3 mission landed near the moon's south pole in August 2023. The government opened the sector to private companies in 2020, and more than 300 space start-ups now operate in the country.

ISRO plans 11 more launches this year, including the first uncrewed test flight of its Gaganyaan human spaceflight programme, which has been delayed twice.`,
    mainEvent: {
      agents: [['Indian Space Research Organisation', 'ISRO']],
      actions: ['launch', 'send', 'put'],
      patients: [['radar satellite', 'satellite', 'Varsha-1']],
      category: null,
      date: '2026-03-20',
    },
    pestle: 'Technological',
  },
  {
    id: 'technology-korea-netherlands-chip-centre',
    topic: 'technology',
    published: '2025-11-14',
    headline: 'South Korea and Netherlands open joint chip research centre in Eindhoven',
    body: `South Korea and the Netherlands opened a joint semiconductor research centre in Eindhoven on November 13, where engineers from both countries will work on the next generation of chip-making tools.

The centre, which will employ about 180 researchers, has €240 million of funding over five years, split equally between the two governments, with further money from ASML and Samsung Electronics. It will focus on the newest extreme ultraviolet lithography and on ways of stacking chips on top of one another.

South Korea's science minister, Park Ji-won, and the Dutch economy minister, Karin Veldhuis, opened the building together. Park said the centre would let Korean engineers "learn from the best toolmakers in the world", while Veldhuis said Dutch companies needed access to Korean factories to test their machines.

The two countries agreed to form a semiconductor alliance in December 2023, during a state visit to the Netherlands by the South Korean president.

Veldhuis said research at the centre would follow Dutch export rules, which bar the sale of the most advanced lithography machines to China. Samsung said it would send 40 of its own engineers to Eindhoven next year.

Eindhoven's mayor said the region's technology companies were short of about 8,000 engineers and that the city would build 1,500 homes for foreign researchers by 2028.`,
    mainEvent: {
      agents: [['South Korea'], ['Netherlands']],
      actions: ['open', 'launch', 'inaugurate'],
      patients: [['semiconductor research centre', 'research centre', 'centre']],
      category: '06',
      date: '2025-11-13',
    },
    pestle: 'Technological',
  },
  // ── Legal ──────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'legal-canadian-authors-sue-lexora',
    topic: 'legal',
    published: '2025-04-29',
    headline: 'Canadian authors sue AI firm Lexora over use of their books',
    body: `By Daniel Ferreira

A group of 14 Canadian authors sued the artificial intelligence company Lexora on Monday, accusing it of copying their novels without permission to train the chatbot it sells to schools and publishers.

The lawsuit, filed in the Ontario Superior Court of Justice in Toronto, seeks damages of C$75 million and an order that Lexora delete any model trained on the books. Among the plaintiffs are the novelist Margaret Tulloch and the poet Samuel Okonkwo-Reid.

Lexora, which is based in Montreal, said in a statement that it had "trained its models lawfully on publicly available text" and would "defend itself vigorously".

The authors say the company downloaded copies of their books from a pirate website. Their complaint quotes exchanges in which the chatbot reproduced whole pages of one novel when asked for "a scene in the style of" its author.

Sign up for our weekly technology and law newsletter.

Similar cases are before courts in the United States and Britain, where authors, artists and news publishers have sued several developers of AI systems.

Canada's copyright law has no specific rule on training AI models. The federal government promised last year to consult on changes to the Copyright Act but has not published a proposal. Lexora raised C$210 million from investors in January.`,
    mainEvent: {
      agents: [['Canadian authors', 'authors']],
      actions: ['sue', 'accuse', 'file'],
      patients: [['Lexora']],
      category: '11',
      date: '2025-04-28',
    },
    pestle: 'Legal',
  },
  {
    id: 'legal-french-prosecutors-armor-naval',
    topic: 'legal',
    published: '2026-04-30',
    headline: 'French prosecutors open bribery investigation into shipbuilder Armor Naval',
    body: `French financial prosecutors opened an investigation on Wednesday into suspected bribery at the shipbuilder Armor Naval over the sale of four patrol boats to an African navy, the prosecutors' office said.

The investigation will look at €18 million in commissions that the company paid to a consultancy in Dubai between 2019 and 2022, on suspicion of corruption of foreign officials and money laundering, the office said in a statement.

Armor Naval, which is based in Lorient and owned by the family of its founder, said it had learned of the investigation from the press and would cooperate fully with the prosecutors.

The case began with a complaint filed in January by the anti-corruption group Sherpa, which said the commissions were far above the rates usual in the industry.

Investigators searched the company's headquarters in Lorient and the home of a former sales director on Tuesday, a source close to the case said.

In 2021, Armor Naval paid €3 million to settle a separate case over the sale of a survey vessel in Asia, without admitting wrongdoing.

France's anti-corruption law of 2016 lets companies avoid trial by paying a fine and accepting a monitor, a route several large French groups have taken.`,
    mainEvent: {
      agents: [['French financial prosecutors', 'prosecutors']],
      actions: ['open', 'launch', 'investigate'],
      patients: [['Armor Naval']],
      category: '09',
      date: '2026-04-29',
    },
    pestle: 'Legal',
  },
  {
    id: 'legal-peru-former-minister-arrested',
    topic: 'legal',
    published: '2026-05-26',
    headline: "Peru's former energy minister arrested in Lima over gas contract bribes",
    body: `Updated 14:30 GMT

LIMA, May 26 — Peru's former energy minister, Ricardo Salaverry, was arrested by anti-corruption police at his home in Lima on Sunday over bribes allegedly paid to win a natural gas contract, prosecutors said.

Ricardo Salaverry is led from his home by police officers on Sunday. Photo: Andrea Quispe/Staff

A judge on Monday ordered Salaverry held in pre-trial detention for 18 months while prosecutors prepare charges.

Prosecutors accuse Salaverry, who was energy minister in 2021 and 2022, of taking $2.4 million from a consortium led by a Brazilian construction company in return for a contract to build a gas pipeline in southern Peru. Two former officials of the ministry were also arrested on Sunday.

Salaverry's lawyer, Mónica Tello, denied the accusations and said her client would appeal. "He has never taken a sol from anyone," she told reporters outside the court.

Police also searched the Lima offices of the consortium, which said it was cooperating with the investigation.

Peru has prosecuted several former presidents and ministers for corruption since 2016, most of them over contracts won by Brazilian builders. The gas pipeline was never finished, and the government cancelled the contract in 2023.`,
    mainEvent: {
      agents: [['anti-corruption police', 'police']],
      actions: ['arrest', 'detain'],
      patients: [['Ricardo Salaverry', 'Salaverry']],
      category: '17',
      date: '2026-05-24',
    },
    pestle: 'Legal',
  },
  {
    id: 'legal-italy-seizes-superyacht',
    topic: 'legal',
    published: '2025-01-16',
    headline: 'Italian police seize €90 million superyacht of sanctioned businessman',
    body: `A 70-metre superyacht belonging to the businessman Oleg Marchenko was seized by Italian financial police in the port of Imperia on January 14, the day after the European Union added him to its sanctions list, prosecutors said on Wednesday.

The yacht, the Northern Star, is valued at about €90 million and had been moored at Imperia since October for repairs. The crew had asked for permission to sail for Turkey on the day the sanctions were announced, the financial police said.

Marchenko, who made his fortune in fertiliser and shipping, was added to the EU list on January 13. The EU accuses him of supplying fuel and spare parts to the Russian army through companies registered in Cyprus and the United Arab Emirates.

His lawyers said he would challenge the sanctions at the EU General Court in Luxembourg and called the seizure "a confiscation without trial".

Italy's financial police, the Guardia di Finanza, have frozen villas, yachts and bank accounts worth more than €2.5 billion under EU sanctions since 2022.

Under EU rules, frozen assets remain the property of their owners but cannot be sold, rented or used. Italy pays for the upkeep of some of the yachts, which can cost more than €1 million a year each.`,
    mainEvent: {
      agents: [['Italian financial police', 'financial police', 'Guardia di Finanza']],
      actions: ['seize', 'impound', 'confiscate', 'freeze'],
      patients: [['superyacht', 'yacht']],
      category: '17',
      date: '2025-01-14',
    },
    pestle: 'Legal',
  },
  {
    id: 'legal-hungary-rejects-commission-fine',
    topic: 'legal',
    published: '2026-06-25',
    headline: 'Hungary rejects Commission demand to pay €90 million court fine',
    body: `Hungary rejected on June 22 a demand from the European Commission that it pay a €90 million fine imposed by the EU Court of Justice over its law restricting foreign-funded media, setting up a new clash with Brussels over the rule of law.

In a letter to the Commission, Justice Minister Bence Halmai wrote that the court had "exceeded its powers" and that Hungary would "not pay a single forint" for defending its sovereignty. The government published the letter on Wednesday.

The Court of Justice ruled in March that the law, which requires newspapers and websites that receive money from abroad to register with a state office and disclose their donors, breached EU rules on the free movement of capital and on freedom of expression. It ordered Hungary to pay a lump sum of €90 million and €500,000 for each day the law stays in force.

A Commission spokesman said it would now deduct the money from EU funds due to Hungary, as it has done with an earlier fine.

Press freedom groups say more than 40 independent outlets have registered under the law since it took effect, and at least six have closed rather than name their donors. The largest of them, the news website Nyitott Szó, said last month that it would move its newsroom to Vienna.

Halmai also wrote that Hungary would ask EU leaders to discuss what he called the "abuse" of fines at their summit in October.

About €18 billion of EU funds for Hungary are already frozen over concerns about corruption and the independence of its judges.

Opposition leader Dóra Kertész said the government was "making Hungarian taxpayers pay for its war on journalists".`,
    mainEvent: {
      agents: [['Hungary']],
      actions: ['reject', 'refuse'],
      patients: [['European Commission', 'Commission']],
      category: '12',
      date: '2026-06-22',
    },
    pestle: 'Legal',
  },
  // ── Environmental ──────────────────────────────────────────────────────────────────────────────
  {
    id: 'environment-argentina-chile-ice-field-treaty',
    topic: 'environment',
    published: '2026-07-09',
    headline: 'Argentina and Chile sign treaty to protect Patagonian ice field',
    body: `EL CALAFATE, Argentina, July 9 — Argentina and Chile signed a treaty on Wednesday to protect the Southern Patagonian Ice Field together, banning mining and new roads across 16,800 square kilometres of glaciers, lakes and forest on both sides of the border.

The foreign ministers of the two countries, Martín Echeverría of Argentina and Camila Fuenzalida of Chile, signed the treaty in El Calafate. It sets up a joint commission of scientists and park rangers to watch over the ice field, the largest expanse of ice in the southern hemisphere outside Antarctica.

Glaciologists say the ice field has been losing about 20 billion tonnes of ice a year, and that its retreat has sped up since 2000. Its meltwater feeds rivers and lakes on which farms and towns on both sides depend.

"A glacier does not know where the border is, so we must look after it as one," Echeverría said at the ceremony.

The two countries settled most of their border in the ice field in 1998, but a stretch of about 50 km remains undrawn. The treaty leaves that question aside.

Environmental groups welcomed the treaty. Argentina's province of Santa Cruz had granted 12 exploration permits for gold and copper near the ice field, which will now be cancelled. Both national congresses must ratify the treaty before it takes effect.`,
    mainEvent: {
      agents: [['Argentina'], ['Chile']],
      actions: ['sign', 'agree'],
      patients: [],
      category: '05',
      date: '2026-07-08',
    },
    pestle: 'Environmental',
  },
  {
    id: 'environment-norway-amazon-fund',
    topic: 'environment',
    published: '2025-06-20',
    headline: 'Norway pays $60 million into Amazon Fund as deforestation falls',
    body: `Norway paid $60 million into Brazil's Amazon Fund on Thursday, rewarding the country for a second year of falling deforestation in the rainforest, Norway's climate ministry said.

The payment brings Norway's contributions to the fund, which is run by Brazil's development bank BNDES, to more than $1.3 billion since it was set up in 2008. The money pays for forest patrols, land registration and projects that help farmers earn a living without clearing trees.

Deforestation in the Brazilian Amazon fell 28% in the 12 months to July 2024, to about 6,400 square kilometres, its lowest level in almost a decade, according to the government's satellite monitoring.

"Brazil has shown that the trend can be turned. We pay for results, and these are results," Norway's climate minister, Sigrid Haugland, said.

The fund froze new projects in 2019, when Brazil's government of the day dissolved its steering committees, and resumed work in 2023. Germany, Britain, Switzerland and the United States have since joined Norway as donors.

Brazil hosts the UN climate conference in Belém in November. Germany said on Tuesday that it would add €35 million to the fund before the meeting, and environmental groups urged other rich countries to follow.`,
    mainEvent: {
      agents: [['Norway']],
      actions: ['pay', 'give', 'donate', 'contribute', 'transfer'],
      patients: [['Amazon Fund'], ['Brazil']],
      category: '07',
      date: '2025-06-19',
    },
    pestle: 'Environmental',
  },
  {
    id: 'environment-greenpeace-accuses-andesur',
    topic: 'environment',
    published: '2026-07-17',
    headline: 'Greenpeace accuses Peruvian copper miner Andesur of poisoning Andean river',
    body: `Greenpeace accused the Peruvian copper miner Andesur on Thursday of poisoning a river in the Andes with acid waste from its Cerro Blanco mine, and said the company had hidden the leaks from regulators for at least two years.

Water samples taken at 14 points along the river showed levels of arsenic and cadmium up to 40 times the legal limit downstream of the mine, the environmental group said in a report. Farmers in three valleys use the water to irrigate potatoes and maize.

"Andesur has known about this since 2024 and said nothing while farmers watered their crops with this water," said Rosa Huamán, a Greenpeace campaigner in Lima.

Andesur denied the accusations. It said its own monitoring, which is checked by Peru's environmental regulator, showed no breach of the limits, and it accused Greenpeace of taking samples near old mines abandoned decades ago.

The regulator said on Friday that it would send inspectors to the mine next week.

Mining accounts for about 60% of Peru's exports, and conflicts over water are among the most common causes of protest in the country's mining regions. In 2022, residents blocked the road to a large copper mine in the south for more than 50 days.

(Reporting by Tomás Ugarte; Editing by Ana Whitfield)`,
    mainEvent: {
      agents: [['Greenpeace']],
      actions: ['accuse', 'criticise', 'condemn'],
      patients: [['Andesur']],
      category: '11',
      date: '2026-07-16',
    },
    pestle: 'Environmental',
  },
  {
    id: 'science-new-zealand-glaciers-study',
    topic: 'science',
    published: '2025-11-04',
    headline: "Scientists find New Zealand's glaciers lost a third of their ice in 20 years",
    body: `Scientists at Victoria University of Wellington found that New Zealand's glaciers lost a third of their ice between 2005 and 2025, in a study published on Monday that used aerial photographs taken at the end of every summer for almost five decades.

The team, led by the glaciologist Hemi Walker, estimated that the glaciers of the Southern Alps held about 35 cubic kilometres of ice in March 2025, down from 53 cubic kilometres in 2005.

"Some of the glaciers we flew over as students are simply gone," Walker said. "Others have broken into pieces that no longer move."

The study, in the journal Nature Communications, found that three marine heatwaves, in 2018, 2019 and 2022, accounted for almost a third of the loss. In 2022 alone, the glaciers lost about 2.5 cubic kilometres of ice.

The photographs come from a survey of the snowline that scientists have flown every year since 1977, now run by the country's National Institute of Water and Atmospheric Research.

Guided walks on the Franz Josef and Fox glaciers, once among the country's best-known tourist trips, have been possible only by helicopter for several years because the ice has retreated from the valleys.

The government said on Tuesday that it would set up a fund to help towns that depend on glacier tourism.`,
    mainEvent: {
      agents: [['Victoria University of Wellington'], ['Scientists']],
      actions: ['find', 'show', 'publish', 'estimate'],
      patients: [],
      category: null,
      date: '2025-11-03',
    },
    pestle: 'Environmental',
  },
]
