/**
 * Names the local analyser knows without a model: countries (with their other names, capitals and
 * demonyms), large cities and regions, well-known organisations with their acronyms, titles that come
 * before a person's name, common first names, and the nouns that name people or organisations.
 * compromise alone misses many of these; the entity rules combine both.
 * Entries are '|'-separated to keep the lists compact; each group is "Canonical;Alias;Alias".
 */

export interface Country {
  name: string
  aliases: string[]
  /** The first is the seat of government. */
  capitals: string[]
  demonyms: string[]
}

export const countries: Country[] = parseCountries(
  [
    'Afghanistan;;Kabul;Afghan', 'Albania;;Tirana;Albanian', 'Algeria;;Algiers;Algerian', 'Angola;;Luanda;Angolan',
    'Argentina;;Buenos Aires;Argentine,Argentinian', 'Armenia;;Yerevan;Armenian', 'Australia;;Canberra;Australian',
    'Austria;;Vienna;Austrian', 'Azerbaijan;;Baku;Azerbaijani', 'Bahrain;;Manama;Bahraini', 'Bangladesh;;Dhaka;Bangladeshi',
    'Belarus;;Minsk;Belarusian', 'Belgium;;Brussels;Belgian', 'Bolivia;;La Paz;Bolivian', 'Bosnia and Herzegovina;Bosnia;Sarajevo;Bosnian',
    'Botswana;;Gaborone;', 'Brazil;;Brasilia,Brasília;Brazilian', 'Bulgaria;;Sofia;Bulgarian', 'Burkina Faso;;Ouagadougou;Burkinabe',
    'Cambodia;;Phnom Penh;Cambodian', 'Cameroon;;Yaounde;Cameroonian', 'Canada;;Ottawa;Canadian', 'Chad;;N\'Djamena;Chadian',
    'Chile;;Santiago;Chilean', 'China;PRC,People\'s Republic of China;Beijing;Chinese', 'Colombia;;Bogota,Bogotá;Colombian',
    'Congo;Democratic Republic of Congo,Democratic Republic of the Congo,DRC,DR Congo;Kinshasa;Congolese', 'Costa Rica;;San Jose;Costa Rican',
    'Croatia;;Zagreb;Croatian', 'Cuba;;Havana;Cuban', 'Cyprus;;Nicosia;Cypriot', 'Czech Republic;Czechia;Prague;Czech',
    'Denmark;;Copenhagen;Danish', 'Dominican Republic;;Santo Domingo;Dominican', 'Ecuador;;Quito;Ecuadorian', 'Egypt;;Cairo;Egyptian',
    'El Salvador;;San Salvador;Salvadoran', 'Eritrea;;Asmara;Eritrean', 'Estonia;;Tallinn;Estonian', 'Ethiopia;;Addis Ababa;Ethiopian',
    'Finland;;Helsinki;Finnish', 'France;;Paris;French', 'Georgia;;Tbilisi;Georgian', 'Germany;;Berlin;German', 'Ghana;;Accra;Ghanaian',
    'Greece;;Athens;Greek', 'Guatemala;;Guatemala City;Guatemalan', 'Haiti;;Port-au-Prince;Haitian', 'Honduras;;Tegucigalpa;Honduran',
    'Hungary;;Budapest;Hungarian', 'Iceland;;Reykjavik;Icelandic', 'India;;New Delhi;Indian', 'Indonesia;;Jakarta;Indonesian',
    'Iran;Islamic Republic of Iran;Tehran;Iranian', 'Iraq;;Baghdad;Iraqi', 'Ireland;Republic of Ireland;Dublin;Irish', 'Israel;;Jerusalem;Israeli',
    'Italy;;Rome;Italian', 'Ivory Coast;Cote d\'Ivoire,Côte d\'Ivoire;Abidjan;Ivorian', 'Jamaica;;Kingston;Jamaican', 'Japan;;Tokyo;Japanese',
    'Jordan;;Amman;Jordanian', 'Kazakhstan;;Astana;Kazakh', 'Kenya;;Nairobi;Kenyan', 'Kosovo;;Pristina;Kosovar', 'Kuwait;;Kuwait City;Kuwaiti',
    'Kyrgyzstan;;Bishkek;Kyrgyz', 'Laos;;Vientiane;Lao,Laotian', 'Latvia;;Riga;Latvian', 'Lebanon;;Beirut;Lebanese', 'Libya;;Tripoli;Libyan',
    'Lithuania;;Vilnius;Lithuanian', 'Luxembourg;;;Luxembourgish', 'Madagascar;;Antananarivo;Malagasy', 'Malawi;;Lilongwe;Malawian',
    'Malaysia;;Kuala Lumpur;Malaysian', 'Mali;;Bamako;Malian', 'Malta;;Valletta;Maltese', 'Mauritania;;Nouakchott;Mauritanian',
    'Mexico;;Mexico City;Mexican', 'Moldova;;Chisinau;Moldovan', 'Mongolia;;Ulaanbaatar;Mongolian', 'Montenegro;;Podgorica;Montenegrin',
    'Morocco;;Rabat;Moroccan', 'Mozambique;;Maputo;Mozambican', 'Myanmar;Burma;Naypyitaw;Burmese', 'Namibia;;Windhoek;Namibian',
    'Nepal;;Kathmandu;Nepali,Nepalese', 'Netherlands;Holland;Amsterdam,The Hague;Dutch', 'New Zealand;;Wellington;', 'Nicaragua;;Managua;Nicaraguan',
    'Niger;;Niamey;Nigerien', 'Nigeria;;Abuja;Nigerian', 'North Korea;DPRK;Pyongyang;North Korean', 'North Macedonia;Macedonia;Skopje;Macedonian',
    'Norway;;Oslo;Norwegian', 'Oman;;Muscat;Omani', 'Pakistan;;Islamabad;Pakistani', 'Palestine;Palestinian territories;Ramallah;Palestinian',
    'Panama;;Panama City;Panamanian', 'Paraguay;;Asuncion;Paraguayan', 'Peru;;Lima;Peruvian', 'Philippines;;Manila;Filipino,Philippine',
    'Poland;;Warsaw;Polish', 'Portugal;;Lisbon;Portuguese', 'Qatar;;Doha;Qatari', 'Romania;;Bucharest;Romanian',
    'Russia;Russian Federation;Moscow;Russian', 'Rwanda;;Kigali;Rwandan', 'Saudi Arabia;Kingdom of Saudi Arabia;Riyadh;Saudi',
    'Senegal;;Dakar;Senegalese', 'Serbia;;Belgrade;Serbian', 'Sierra Leone;;Freetown;', 'Singapore;;;Singaporean', 'Slovakia;;Bratislava;Slovak',
    'Slovenia;;Ljubljana;Slovenian', 'Somalia;;Mogadishu;Somali', 'South Africa;;Pretoria;South African', 'South Korea;Republic of Korea,Korea;Seoul;South Korean',
    'South Sudan;;Juba;South Sudanese', 'Spain;;Madrid;Spanish', 'Sri Lanka;;Colombo;Sri Lankan', 'Sudan;;Khartoum;Sudanese',
    'Sweden;;Stockholm;Swedish', 'Switzerland;;Bern;Swiss', 'Syria;;Damascus;Syrian', 'Taiwan;;Taipei;Taiwanese', 'Tajikistan;;Dushanbe;Tajik',
    'Tanzania;;Dodoma;Tanzanian', 'Thailand;;Bangkok;Thai', 'Tunisia;;Tunis;Tunisian', 'Turkey;Turkiye,Türkiye;Ankara;Turkish',
    'Turkmenistan;;Ashgabat;Turkmen', 'Uganda;;Kampala;Ugandan', 'Ukraine;;Kyiv,Kiev;Ukrainian', 'United Arab Emirates;UAE,Emirates;Abu Dhabi;Emirati',
    'United Kingdom;UK,U.K.,Britain,Great Britain;London;British', 'United States;US,U.S.,USA,U.S.A.,America,United States of America;Washington;American',
    'Uruguay;;Montevideo;Uruguayan', 'Uzbekistan;;Tashkent;Uzbek', 'Venezuela;;Caracas;Venezuelan', 'Vietnam;Viet Nam;Hanoi;Vietnamese',
    'Yemen;;Sanaa;Yemeni', 'Zambia;;Lusaka;Zambian', 'Zimbabwe;;Harare;Zimbabwean',
  ],
)

/** Cities, regions and other places that are not countries. */
export const places: string[] = split(
  'New York|Los Angeles|Chicago|Houston|San Francisco|Seattle|Boston|Miami|Dallas|Atlanta|Detroit|Philadelphia|Denver|' +
    'Silicon Valley|Wall Street|Toronto|Montreal|Vancouver|Sao Paulo|São Paulo|Rio de Janeiro|Mumbai|Bangalore|Bengaluru|Kolkata|' +
    'Chennai|Karachi|Lahore|Shanghai|Shenzhen|Hong Kong|Guangzhou|Wuhan|Osaka|Kyoto|Busan|Sydney|Melbourne|Auckland|' +
    'Istanbul|Dubai|Jeddah|Geneva|Zurich|Munich|Frankfurt|Hamburg|Cologne|Milan|Naples|Barcelona|Lyon|Marseille|Manchester|' +
    'Birmingham|Glasgow|Edinburgh|Odesa|Odessa|Kharkiv|Lviv|Dnipro|Mariupol|Donetsk|Luhansk|Crimea|Donbas|Gaza|Gaza Strip|' +
    'West Bank|Rafah|Aleppo|Mosul|Benghazi|Darfur|Punjab|Kashmir|Tibet|Xinjiang|Sicily|Sardinia|' +
    'Europe|Asia|Africa|North America|South America|Latin America|Middle East|Central Asia|Southeast Asia|East Asia|' +
    'Sahel|Balkans|Caucasus|Arctic|Antarctica|Antarctic|Amazon|Pacific|Atlantic|Mediterranean|Black Sea|Red Sea|Baltic|' +
    'Baltic Sea|South China Sea|Persian Gulf|Gulf|Horn of Africa|Scandinavia|Siberia|Earth|' +
    'Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Hawaii|Idaho|Illinois|Indiana|Iowa|' +
    'Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|' +
    'New Hampshire|New Jersey|New Mexico|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|' +
    'South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|West Virginia|Wisconsin|Wyoming|Washington DC|' +
    'Bavaria|Catalonia|Scotland|Wales|England|Northern Ireland|Quebec|Ontario|Tigray|Amhara|' +
    'East Coast|West Coast|Midwest',
)

/** The AP style abbreviations of US states in datelines ("SANTA CLARA, Calif."), by state. */
export const stateAbbreviations: Readonly<Record<string, string>> = {
  Ala: 'Alabama', Ariz: 'Arizona', Ark: 'Arkansas', Calif: 'California', Colo: 'Colorado', Conn: 'Connecticut', Del: 'Delaware',
  Fla: 'Florida', Ga: 'Georgia', Ill: 'Illinois', Ind: 'Indiana', Kan: 'Kansas', Ky: 'Kentucky', La: 'Louisiana', Md: 'Maryland',
  Mass: 'Massachusetts', Mich: 'Michigan', Minn: 'Minnesota', Miss: 'Mississippi', Mo: 'Missouri', Mont: 'Montana', Neb: 'Nebraska',
  Nev: 'Nevada', 'N.H': 'New Hampshire', 'N.J': 'New Jersey', 'N.M': 'New Mexico', 'N.Y': 'New York', 'N.C': 'North Carolina',
  'N.D': 'North Dakota', Okla: 'Oklahoma', Ore: 'Oregon', Pa: 'Pennsylvania', 'R.I': 'Rhode Island', 'S.C': 'South Carolina',
  'S.D': 'South Dakota', Tenn: 'Tennessee', Vt: 'Vermont', Va: 'Virginia', Wash: 'Washington', 'W.Va': 'West Virginia',
  Wis: 'Wisconsin', Wyo: 'Wyoming',
}

export interface KnownOrganisation {
  name: string
  aliases: string[]
}

/** Well-known organisations, "Name;Alias;Alias". */
export const organisations: KnownOrganisation[] = split(
  'United Nations;UN;U.N.|UN Security Council;Security Council|UN General Assembly;General Assembly|' +
    'UNHCR;UN refugee agency|UNICEF|World Health Organization;WHO;World Health Organisation|World Food Programme;WFP|' +
    'International Atomic Energy Agency;IAEA|International Monetary Fund;IMF|World Bank|World Trade Organization;WTO|' +
    'North Atlantic Treaty Organization;NATO;Nato|European Union;EU;E.U.|European Commission;Commission|European Parliament|' +
    'European Council|European Central Bank;ECB|Council of Europe|African Union;AU|Arab League|ASEAN|OPEC|OPEC+|G7|G20|BRICS|' +
    'Organisation for Economic Co-operation and Development;OECD|International Criminal Court;ICC|International Court of Justice;ICJ|' +
    'Red Cross;International Committee of the Red Cross;ICRC|Amnesty International;Amnesty|Human Rights Watch|Greenpeace|' +
    'Doctors Without Borders;MSF;Médecins Sans Frontières|Oxfam|Save the Children|' +
    'Federal Reserve;Fed;US Federal Reserve|Bank of England;BoE|Bank of Japan;BoJ|People\'s Bank of China;PBOC|Bundesbank|' +
    'Reserve Bank of India;RBI|Swiss National Bank|Bank of Canada|Reserve Bank of Australia;RBA|' +
    'Pentagon|White House|Kremlin|State Department|Congress|Senate|House of Representatives|Supreme Court|Parliament|' +
    'Bundestag|Knesset|Duma|Downing Street|Elysee|Élysée|FBI|CIA|NSA|NASA|ESA|SpaceX|Hamas|Hezbollah|Houthis|Taliban|' +
    'Islamic State;ISIS;ISIL|al-Qaeda;Al Qaeda|Wagner Group;Wagner|' +
    'Apple|Microsoft|Google|Alphabet|Amazon|Meta;Meta Platforms|Facebook|Instagram|WhatsApp|Netflix|Tesla|Nvidia|Intel|AMD|' +
    'IBM|Oracle|Cisco|Qualcomm|Samsung;Samsung Electronics|Sony|Toyota|Honda|Nissan|Volkswagen;VW|BMW|Mercedes-Benz|Stellantis|' +
    'Ford|General Motors;GM|BYD|Huawei|Alibaba|Tencent|Baidu|ByteDance|TikTok|Xiaomi|Foxconn|' +
    'Taiwan Semiconductor Manufacturing Company;TSMC|ASML|Siemens|SAP|Bosch|BASF|Bayer|Shell|BP|ExxonMobil;Exxon|Chevron|' +
    'TotalEnergies|Saudi Aramco;Aramco|Gazprom|Rosneft|Boeing|Airbus|Lockheed Martin|Raytheon|Ryanair|Lufthansa|Emirates airline|' +
    'OpenAI|Anthropic|DeepMind|Unilever|Nestle;Nestlé|Procter & Gamble|Pfizer|Moderna|AstraZeneca|' +
    'Johnson & Johnson|Novartis|Roche|Novo Nordisk|JPMorgan;JPMorgan Chase|Goldman Sachs|' +
    'Morgan Stanley|Citigroup;Citi|HSBC|Barclays|Deutsche Bank|UBS|Credit Suisse|BlackRock|Walmart|' +
    'Reuters|Associated Press;AP|AFP;Agence France-Presse|Bloomberg|BBC|CNN|Xinhua|TASS|Al Jazeera|' +
    'University of Oxford;Oxford University|University of Cambridge;Cambridge University|Harvard;Harvard University|' +
    'MIT;Massachusetts Institute of Technology|Stanford;Stanford University',
).map((entry) => {
  const [name = '', ...aliases] = entry.split(';')
  return { name, aliases }
})

/** Words that, at the end of a capitalised name, make it an organisation. */
/** Products and services named like organisations: things made or run, never a party that acts. */
export const products: string[] = split(
  'ChatGPT|iPhone|iPad|MacBook|Android|Copilot|Kindle|PlayStation|Xbox|Autopilot|Full Self-Driving|' +
    'Gmail|YouTube Shorts|Vision Pro|Model Y|Model 3|Cybertruck|Boeing 737 MAX|737 MAX|Dreamliner|Airbus A320|Ozempic|Wegovy|Mounjaro',
)

export const orgSuffixes = new Set(
  split(
    'Inc|Inc.|Corp|Corp.|Corporation|Co|Co.|Ltd|Ltd.|Limited|LLC|PLC|plc|AG|SA|S.A.|SE|NV|GmbH|Group|Holdings|Company|' +
      'Bank|Bancorp|Fund|Trust|Capital|Partners|Ventures|Industries|Technologies|Technology|Systems|Solutions|Software|' +
      'Labs|Laboratories|Pharmaceuticals|Pharma|Motors|Airlines|Airways|Energy|Oil|Petroleum|Mining|Steel|Electric|' +
      'Telecom|Communications|Media|Networks|Entertainment|Studios|Games|Foods|Freight|Logistics|Shipping|Insurance|' +
      'Ministry|Department|Agency|Authority|Commission|Committee|Council|Board|Bureau|Office|Service|Services|Administration|' +
      'Institute|Institution|University|College|School|Academy|Foundation|Association|Federation|Union|Alliance|League|' +
      'Organisation|Organization|Society|Coalition|Party|Movement|Front|Force|Forces|Army|Navy|Guard|Police|Court|Tribunal|' +
      'Parliament|Assembly|Senate|Congress|Cabinet|Centre|Center|Reserve|Exchange|Programme|Program|Network|Consortium|' +
      'Club|Team|Church|Hospital|Clinic|Observatory|Station|Project|Initiative|Mission|Brigade|Battalion|Command|Unit|' +
      'Semiconductor|Semiconductors|Electronics|Chemicals|Chemical|Lithography|Robotics|Biotech|Therapeutics|Aerospace|Automotive|Securities|Bancshares|Financial|Brands|Retail|Stores|Airport|Railways|Railway|Utilities|Biosciences|Bioscience|Biotherapeutics|Biologics|Sciences|Genomics|Diagnostics|Healthcare|Medical|Biopharma|Ombudsman|Ombudsperson|Regulator|Watchdog|Inspectorate',
  ),
)

/** Words that, at the start of a capitalised name, make it an organisation ("Ministry of Defence"). */
export const orgPrefixes = new Set(
  split('Ministry|Department|Bank|University|Institute|Office|Bureau|Council|Court|Agency|Federation|Union|Church|House|Museum'),
)

/** Titles before a name ("Prime Minister Haruto Mori"); lowercase, longest first when matching. */
export const personTitles = split(
  'president|vice president|prime minister|deputy prime minister|chancellor|minister|foreign minister|finance minister|' +
    'defence minister|defense minister|interior minister|health minister|environment minister|economy minister|' +
    'trade minister|energy minister|justice minister|home affairs minister|secretary|secretary of state|secretary-general|' +
    'secretary general|treasury secretary|commissioner|trade commissioner|senator|sen.|representative|rep.|congressman|' +
    'congresswoman|governor|mayor|king|queen|prince|princess|crown prince|emperor|sheikh|pope|cardinal|archbishop|bishop|' +
    'ambassador|envoy|general|gen.|lt. gen.|colonel|col.|admiral|commander|captain|sergeant|judge|justice|chief justice|' +
    'attorney general|prosecutor|chief executive|chief executive officer|ceo|cfo|coo|cto|chief financial officer|' +
    'chief operating officer|chief technology officer|chairman|chairwoman|chair|founder|co-founder|director|managing director|' +
    'executive director|director-general|director general|head|spokesman|spokeswoman|spokesperson|leader|opposition leader|' +
    'party leader|speaker|dr|dr.|doctor|professor|prof.|mr|mr.|mrs|mrs.|ms|ms.|miss|sir|dame|lord|lady|president-elect|' +
    'negotiator|chief negotiator|economist|analyst|researcher|scientist|lawyer|activist|coach|striker|midfielder|' +
    'counterpart|premier|lawmaker|mp|deputy|vice chancellor|crown princess|ayatollah|supreme leader|minister-president',
).sort((a, b) => b.length - a.length)

/** Common first names across languages: a capitalised pair starting with one is a person. */
export const firstNames = new Set(
  split(
    'james|john|robert|michael|william|david|richard|joseph|thomas|charles|christopher|daniel|matthew|anthony|mark|donald|' +
      'steven|paul|andrew|joshua|kenneth|kevin|brian|george|timothy|ronald|edward|jason|jeffrey|ryan|jacob|gary|nicholas|eric|' +
      'jonathan|stephen|larry|justin|scott|brandon|benjamin|samuel|gregory|alexander|frank|patrick|raymond|jack|dennis|jerry|' +
      'tyler|aaron|jose|adam|henry|nathan|douglas|zachary|peter|kyle|walter|ethan|jeremy|harold|keith|christian|roger|noah|' +
      'gerald|carl|terry|sean|austin|arthur|lawrence|jesse|dylan|bryan|joe|jordan|billy|bruce|albert|willie|gabriel|logan|' +
      'alan|juan|wayne|roy|ralph|randy|eugene|vincent|russell|elijah|louis|bobby|philip|johnny|mary|patricia|jennifer|linda|' +
      'elizabeth|barbara|susan|jessica|sarah|karen|nancy|lisa|betty|margaret|sandra|ashley|kimberly|emily|donna|michelle|' +
      'dorothy|carol|amanda|melissa|deborah|stephanie|rebecca|sharon|laura|cynthia|kathleen|amy|shirley|angela|helen|anna|' +
      'anne|brenda|pamela|nicole|emma|samantha|katherine|christine|debra|rachel|catherine|carolyn|janet|ruth|maria|heather|' +
      'diane|virginia|julie|joyce|victoria|olivia|kelly|christina|lauren|joan|evelyn|judith|megan|cheryl|andrea|hannah|' +
      'martha|jacqueline|frances|gloria|ann|teresa|kathryn|sara|janice|jean|alice|madison|doris|abigail|julia|judy|grace|' +
      'denise|amber|marilyn|beverly|danielle|theresa|sophia|marie|diana|brittany|natalie|isabella|charlotte|rose|alexis|kayla|' +
      'olaf|angela|emmanuel|marine|jean-luc|francois|françois|pierre|jacques|michel|camille|claire|clare|sophie|nathalie|isabelle|' +
      'hans|klaus|jürgen|jurgen|wolfgang|helmut|friedrich|karl|heinz|ursula|annalena|friedrich|markus|stefan|sebastian|lars|' +
      'anders|erik|henrik|magnus|ingrid|astrid|mette|ulf|sven|mikael|jens|pieter|jan|willem|mark|giorgia|matteo|marco|' +
      'giuseppe|giovanni|luca|francesco|alessandro|paolo|sergio|mario|silvio|pedro|pablo|carlos|luis|miguel|javier|antonio|' +
      'manuel|fernando|alberto|jorge|ricardo|andres|andrés|alejandro|diego|gabriela|lucia|lucía|carmen|isabel|elena|' +
      'ana|luiz|inacio|jair|marina|dilma|vladimir|sergei|sergey|dmitry|dmitri|alexei|alexey|mikhail|ivan|nikolai|igor|oleg|' +
      'yuri|boris|viktor|volodymyr|oleksiy|andriy|petro|yulia|olena|tetiana|natalia|svetlana|olga|irina|tatiana|' +
      'aleksander|milos|miloš|zoran|dragan|goran|tomasz|andrzej|donald|mateusz|piotr|krzysztof|agnieszka|' +
      'viktor|orban|recep|ahmet|mehmet|mustafa|emine|kemal|ali|mohammed|mohamed|muhammad|ahmed|ahmad|hassan|hussein|hossein|' +
      'abdullah|abdel|abdul|omar|khalid|ibrahim|youssef|yusuf|fatima|aisha|leila|layla|hamid|reza|javad|masoud|ebrahim|' +
      'benjamin|yair|naftali|isaac|moshe|yoav|avi|xi|li|wang|zhang|liu|chen|yang|zhao|huang|zhou|wu|shinzo|fumio|' +
      'shigeru|yoshihide|taro|hiroshi|takeshi|kenji|yuki|yoko|keiko|akira|moon|yoon|lee|kim|park|jae-in|suk-yeol|narendra|' +
      'rahul|sonia|amit|raj|rajesh|sanjay|priya|anil|mukesh|ratan|nirmala|imran|shehbaz|nawaz|benazir|sheikh|cyril|jacob|' +
      'nelson|thabo|william|uhuru|paul|abiy|bola|muhammadu|goodluck|ngozi|akinwumi|kristalina|christine|jerome|janet|' +
      'jay|elon|jeff|bill|sundar|satya|tim|sam|jensen|mark|sheryl|warren|larry|sergey|jack|pony|masayoshi|anna|' +
      'laura|lisa|kamala|joe|hillary|barack|nancy|mitch|chuck|kevin|alexandria|bernie|ron|gavin|rishi|keir|boris|theresa|' +
      'liz|rachel|jeremy|nicola|humza|emmanuel|gabriel|edouard|élisabeth|elisabeth|giorgia|mario|pedro|ursula|' +
      'charles|kaja|mette|jonas|antonio|roberta|josep|olaf|robert|wopke|haruki|ngugi|chinua|wole|salman|orhan|gabriel',
  ),
)

/** Nouns naming people or groups of people: a noun phrase with one as its head can be an actor. */
export const humanNouns = new Set(
  split(
    'people|person|persons|individual|individuals|patient|suspect|suspects|detainee|detainees|prisoner|prisoners|hostage|hostages|defendant|defendants|gang|gangs|cartel|cartels|man|men|woman|women|child|children|girl|girls|boy|boys|teenager|teenagers|student|students|' +
      'shipping lines|shipping line|shipowners|crowd|crowds|mob|mobs|militia|militias|cleric|clerics|mayor|mayors|guerrillas|guerrilla|gunman|assailants|assailant|' +
      'voter|voters|citizen|citizens|resident|residents|civilian|civilians|worker|workers|employee|employees|staff|' +
      'official|officials|minister|ministers|ambassador|ambassadors|envoy|envoys|diplomat|diplomats|leader|leaders|lawmaker|lawmakers|legislator|legislators|politician|politicians|' +
      'senator|senators|delegate|delegates|delegation|delegations|diplomat|diplomats|negotiator|negotiators|envoy|envoys|' +
      'president|government|governments|administration|authorities|regulator|regulators|ministry|ministries|' +
      'agency|agencies|department|police|officer|officers|troops|soldier|soldiers|forces|army|armies|military|militants|' +
      'militant|fighters|rebels|rebel|insurgents|attackers|attacker|gunmen|men|hackers|hacker|protesters|protester|' +
      'demonstrators|demonstrator|activists|activist|campaigners|strikers|unions|union|dockworkers|farmers|farmer|' +
      'migrants|migrant|refugees|refugee|asylum seekers|passengers|passenger|travellers|travelers|tourists|patients|' +
      'doctors|doctor|nurses|nurse|pharmacists|pharmacist|health workers|teachers|teacher|scientists|scientist|researchers|' +
      'researcher|authors|author|writers|writer|novelists|artists|artist|musicians|actors|filmmakers|photographers|creators|astronomers|engineers|engineer|economists|economist|analysts|analyst|investors|investor|shareholders|' +
      'shareholder|traders|trader|bankers|banker|executives|executive|managers|manager|owners|owner|founders|founder|' +
      'customers|customer|consumers|consumer|users|user|clients|buyers|buyer|sellers|retailers|retailer|companies|company|' +
      'firm|firms|group|groups|carmakers|carmaker|automakers|airline|airlines|bank|banks|lenders|lender|insurers|' +
      'manufacturers|manufacturer|producers|producer|exporters|importers|developers|developer|competitors|rivals|rival|' +
      'start-up|startup|start-ups|startups|operator|operators|charity|charities|organisation|organisations|organization|' +
      'organizations|association|associations|federation|federations|chamber|chambers|guild|syndicate|syndicates|coalition|bloc|alliance|allies|ally|party|parties|opposition|court|courts|judge|judges|jury|' +
      'prosecutors|prosecutor|lawyers|lawyer|board|boards|committee|council|parliament|congress|senate|cabinet|team|teams|' +
      'coast guard|air force|navy|junta|regime|rebels|spokesperson|spokesman|spokeswoman|mediators|observers|inspectors|' +
      'monitors|peacekeepers|volunteers|rescuers|firefighters|victims|survivors|families|communities|community|' +
      'tribes|villagers|landlords|tenants|borrowers|savers|taxpayers|employers|employer|unions|stakeholders|members|' +
      'member|states|countries|nations|powers|governors|mayors|ministers|commission|service|institute|university|' +
      'loggers|ranchers|miners|fishermen|drivers|pilots|crew|crews|scholars|experts|critics|supporters|opponents|' +
      'fans|players|athletes|audiences|readers|viewers|residents|households|families|youth|generations|elderly|pensioners|' +
      'retirees|veterans|clerics|priests|monks|journalists|reporters|editors|publishers|platforms|websites|' +
      'attorney|attorneys|secretary|chairman|chairwoman|chief|chiefs|director|directors|governor|commander|commanders|generals|' +
      'premier|chancellor|king|queen|prince|princess|emperor|sheikh|spokespeople|head|heads|deputy|deputies|aide|aides|' +
      'adviser|advisers|advisor|advisors|counsel|investigator|investigators|detectives|guards|representative|representatives|' +
      'presidency|secretariat|supermarkets|supermarket|grocers|chains|wholesalers|distributors|suppliers|supplier|contractors|contractor|vendors|vendor',
  ),
)

/** Nouns that stand for an organisation just named ("the company", "the agency"). */
export const orgReferenceNouns = new Set(
  split(
    'company|firm|group|airline|carrier|bank|lender|insurer|operator|agency|charity|organisation|organization|start-up|' +
      'startup|maker|manufacturer|producer|retailer|chain|conglomerate|giant|business|provider|platform|network|broadcaster|' +
      'ministry|department|institute|university|court|regulator|watchdog|union|party|alliance|coalition|club|team|fund|' +
      'utility|exchange|council|commission|authority|service|developer|publisher|insurer|automaker|carmaker|chipmaker|' +
      'city|state|country|embassy|consulate|mission|delegation',
  ),
)

/** Lowercase words that may sit inside a capitalised name ("Bank of England", "Rio de Janeiro"). */
export const nameConnectors = new Set(split('of|for|and|de|da|do|dos|das|del|della|di|du|des|la|le|van|von|der|den|al|el|bin|ibn|on|the|&'))

export function split(s: string): string[] {
  return s.split('|').map((x) => x.trim()).filter((x) => x !== '')
}

function parseCountries(entries: string[]): Country[] {
  return entries.map((entry) => {
    const [name = '', aliases = '', capitals = '', demonyms = ''] = entry.split(';')
    const list = (x: string) => x.split(',').filter((v) => v !== '')
    return { name, aliases: list(aliases), capitals: list(capitals), demonyms: list(demonyms) }
  })
}
