/**
 * Word lists of the local analyser: which verbs are actions and of what type, which only report,
 * state or carry modality, and the term lists behind PESTLE, topics and the ten analytics.
 * Terms are lowercase; a trailing '*' matches any word starting with the stem; a term with spaces
 * matches that sequence of words.
 */
import type { PestleCategoryName } from '../../../src/protocol/analysis'
import { split } from './gazetteer'

/** Verbs that attribute speech: not actions themselves; their subject is the source of what follows. */
export const attributionVerbs = new Set(
  split('say|tell|add|note|explain|state|comment|write|remark|reply|argue|insist|stress|emphasise|emphasize|recall|quote|told|think|believe|feel|know'),
)

/** Verbs of being, having, perceiving and relating: never actions. */
export const stativeVerbs = new Set(
  split(
    'be|have|seem|appear|remain|include|contain|consist|comprise|represent|cost|lack|mean|face|belong|involve|exist|own|' +
      'possess|resemble|equal|matter|depend|deserve|weigh|measure|total|amount|cover|show|indicate|suggest|reflect|mark|' +
      'come|stand|sit|lie|range|account|span|number|tend|become|look|sound|do|like|love|hate|prefer|see|hear|understand|' +
      'concern|relate|refer|rival|compare|correspond|differ|vary|fit|suit|work|live|happen|occur|use|power|base|locate|' +
      'situate|require|know|believe|think|feel|want|wish|hope|need|term|dub|regard|view|describe',
  ),
)

/**
 * Verbs that take another verb and mostly carry modality or aspect ("plans to open", "kept growing",
 * "allow developers to offer"): when followed by a verb, that verb is the action and these are not.
 * Followed by a noun instead ("began production", "allowed the merger") they are actions.
 */
export const modalityVerbs = new Set(
  split(
    'plan|aim|hope|expect|intend|want|seek|try|attempt|wish|need|continue|begin|start|keep|manage|prepare|struggle|tend|fail|neglect|' +
      'appear|seem|allow|let|enable|make|cause|get|go|come|used|set|due|likely|able|going|bound|poised|slated|scheduled',
  ),
)

/** "X urged Y to act": the one who acts is the object. */
export const objectControlVerbs = new Set(
  split(
    'urge|ask|order|call|force|allow|let|enable|help|invite|encourage|persuade|tell|expect|require|instruct|authorise|' +
      'authorize|permit|compel|pressure|press|push|want|need|direct|advise|commission|mandate|lead|cause|get|make',
  ),
)

/** Directive and commissive verbs whose complement is something not yet done. */
export const futureComplementVerbs = new Set(
  split(
    'agree|promise|vow|threaten|decide|pledge|offer|plan|aim|hope|intend|want|seek|try|attempt|prepare|urge|ask|order|' +
      'call|force|invite|encourage|persuade|require|instruct|authorise|authorize|permit|compel|pressure|press|push|expect|' +
      'propose|move|vote|set|due|poised|slated|scheduled|going|bound|likely|able|allow|enable|let|need|tell|help',
  ),
)

/** Adverbs and particles that can sit between a verb's auxiliaries and the verb itself. */
export const verbGroupAdverbs = new Set(
  split(
    'not|never|also|already|still|just|now|then|soon|again|only|even|further|reportedly|allegedly|apparently|recently|' +
      'finally|quickly|swiftly|formally|officially|unanimously|jointly|effectively|largely|partly|fully|sharply|narrowly|' +
      'initially|subsequently|eventually|immediately|repeatedly|publicly|privately|previously|ultimately|first|once|yet|' +
      'no|longer|ever|currently|today|later|likely|probably|certainly|possibly|quietly|abruptly|overwhelmingly|strongly|' +
      'less|more|very|so|too|much|well|badly|deeply|widely|heavily|largely',
  ),
)

export const phrasalParticles = new Set(split('up|down|off|out|in|on|over|away|back|through|along|ahead|aside|around|forward'))

/** Words that start a new clause: the subject of a verb is never looked for across one. */
export const clauseOpeners = new Set(
  split(
    'that|which|who|whom|whose|because|after|before|while|whereas|although|though|if|unless|until|since|when|whenever|' +
      'where|as|once|so|despite|amid|following|but|and|or|nor|yet',
  ),
)

/** Prepositions that put a noun phrase in a locative role: a place behind one is a location, not an actor. */
export const locativePrepositions = new Set(
  split('in|at|near|across|throughout|around|inside|outside|along|within|over|above|below|beyond|off|south|north|east|west|into|onto|through|via'),
)

export interface ActionClass {
  type: string
  /** The category the action speaks for; null for kinds of action found in every field (warn, welcome). */
  pestle: PestleCategoryName | null
  verbs: string[]
}

/** Verb lemma → action type. The first class that lists a verb wins, so more specific classes come first. */
export const actionClasses: ActionClass[] = [
  { type: 'Military action', pestle: 'Political', verbs: split('attack|bomb|detonate|shell|invade|raid|ambush|shoot|fire|kill|wound|injure|capture|seize|occupy|deploy|mobilise|mobilize|destroy|retaliate|strike|launch|intercept|target|besiege|storm|massacre|execute') },
  { type: 'Cyber incident', pestle: 'Technological', verbs: split('hack|breach|steal|leak|encrypt|infiltrate|access|exfiltrate|spy') },
  { type: 'Legal action', pestle: 'Legal', verbs: split('sue|appeal|rule|convict|sentence|acquit|indict|arrest|charge|detain|jail|prosecute|try|overturn|uphold|testify|plead|settle|monopolise|monopolize|violate|breach|find') },
  { type: 'Enforcement', pestle: 'Legal', verbs: split('fine|ban|prohibit|restrict|sanction|investigate|probe|audit|penalise|penalize|punish|regulate|outlaw|suspend|revoke|order|tie|abuse|exceed') },
  { type: 'Suspension', pestle: null, verbs: split('halt|stop|cease|pause|discontinue|delay|postpone|defer') },
  { type: 'Legislation', pestle: 'Political', verbs: split('legislate|enact|pass|amend|repeal|ratify|veto|vote|sponsor|draft|table|introduce|strike|impeach') },
  { type: 'Election', pestle: 'Political', verbs: split('elect|win|lose|concede|campaign|run|re-elect|nominate') },
  // A journey of someone who represents others (actionClassOf picks it for arrive, leave, travel …).
  { type: 'Visit', pestle: 'Political', verbs: [] },
  // A toll of the dead or injured rising (actionClassOf picks it from the subject).
  { type: 'Casualties', pestle: 'Social', verbs: [] },
  { type: 'Diplomacy', pestle: 'Political', verbs: split('meet|host|visit|discuss|negotiate|mediate|talk|summon|expel|recognise|recognize|resume|restart|broker|normalise|normalize') },
  { type: 'Agreement', pestle: null, verbs: split('agree|sign|reach|conclude|accept|endorse|commit|join') },
  { type: 'Approval', pestle: null, verbs: split('approve|authorise|authorize|adopt|back|clear|greenlight|confirm|certify|recommend') },
  { type: 'Opposition', pestle: null, verbs: split('reject|block|oppose|refuse|deny|dismiss|condemn|denounce|criticise|criticize|object|boycott|resist|challenge|protest|accuse|blame') },
  { type: 'Appeal', pestle: null, verbs: split('urge|call|appeal|ask|demand|request|press|petition|lobby') },
  { type: 'Warning', pestle: null, verbs: split('warn|threaten|caution|alert') },
  { type: 'Commitment', pestle: null, verbs: split('promise|pledge|vow|guarantee') },
  { type: 'Acquisition', pestle: 'Economic', verbs: split('acquire|buy|purchase|merge|bid|takeover') },
  { type: 'Divestment', pestle: 'Economic', verbs: split('sell|divest|offload|dispose') },
  { type: 'Funding', pestle: 'Economic', verbs: split('invest|fund|finance|raise|allocate|spend|donate|grant|subsidise|subsidize|lend|borrow|pay|award') },
  { type: 'Policy change', pestle: null, verbs: split('cut|lower|increase|reduce|hike|freeze|keep|set|cap|extend|impose|lift|ease|tighten|adjust|triple|double|halve|phase') },
  { type: 'Market movement', pestle: 'Economic', verbs: split('rise|fall|drop|jump|climb|slide|surge|plunge|soar|tumble|gain|weaken|strengthen|slow|grow|rally|decline|recover|sink|slump|rebound|dip|squeeze|fluctuate|double') },
  { type: 'Financial result', pestle: 'Economic', verbs: split('report|post|forecast|earn|book|generate|record|predict|estimate|project') },
  { type: 'Personnel change', pestle: 'Economic', verbs: split('appoint|hire|dismiss|resign|replace|name|employ|recruit|promote|retire|lay') },
  { type: 'Launch', pestle: null, verbs: split('unveil|release|introduce|debut|roll|open|go|start|begin') },
  { type: 'Announcement', pestle: null, verbs: split('announce|disclose|publish|reveal|present|declare|notify|inform|state') },
  { type: 'Research', pestle: 'Technological', verbs: split('discover|detect|study|test|measure|observe|identify|analyse|analyze|sequence|develop|design|model|follow|simulate|solve|map') },
  { type: 'Closure', pestle: null, verbs: split('close|shut') },
  { type: 'Production', pestle: null, verbs: split('build|produce|manufacture|construct|deliver|supply|ship|distribute|operate|expand|install|deploy|make|export|import|provide') },
  { type: 'Humanitarian action', pestle: 'Social', verbs: split('rescue|evacuate|help|aid|shelter|vaccinate|treat|feed|house|resettle|relocate|dock') },
  { type: 'Civil action', pestle: 'Social', verbs: split('march|rally|demonstrate|riot|organise|organize|walk|gather|occupy|petition') },
  { type: 'Displacement', pestle: 'Social', verbs: split('flee|leave|displace|migrate|cross|arrive|strand|return') },
  { type: 'Crisis', pestle: null, verbs: split('collapse|crash|fail|default|file|bankrupt|cancel|empty|melt|spread') },
  { type: 'Response', pestle: null, verbs: split('respond|react|welcome|praise|thank|celebrate|defend|credit|support|side|hail|applaud|consider|review|examine') },
]

/** Verbs whose subject plainly acts on purpose; used for actor influence and frame confidence. */
export const volitionalTypes = new Set(['Military action', 'Legal action', 'Enforcement', 'Legislation', 'Diplomacy', 'Visit', 'Agreement', 'Approval', 'Opposition', 'Appeal', 'Warning', 'Commitment', 'Acquisition', 'Divestment', 'Funding', 'Policy change', 'Personnel change', 'Launch', 'Announcement', 'Research', 'Production', 'Humanitarian action', 'Civil action', 'Response', 'Cyber incident'])

/** Nouns of money and economic value, for resource typing. */
export const policyNouns = new Set(split('law|bill|rule|regulation|policy|measure|sanction|sanctions|ban|tariff|tariffs|tax|taxes|duty|duties|reform|treaty|agreement|deal|package|plan|programme|program|budget|ceasefire|truce|decree|order|ruling|verdict|mandate|target|targets|limit|limits|rate|rates|proposal|memorandum|framework|strategy|directive|resolution|accord|pact|subsidy|subsidies'))
export const productNouns = new Set(split('laptop|laptops|phone|phones|smartphone|smartphones|car|cars|vehicle|vehicles|model|models|chip|chips|processor|processors|vaccine|vaccines|drug|drugs|software|app|apps|service|product|products|device|devices|system|systems|platform|notebook|notebooks|aircraft|plane|planes|drone|drones|missile|missiles|weapon|weapons|tank|tanks|computer|computers|doses|dose|tool|tools|feature|features'))
export const infrastructureNouns = new Set(split('plant|factory|factories|port|ports|road|roads|bridge|bridges|station|airport|airports|pipeline|grid|network|railway|rail|hospital|hospitals|school|schools|building|buildings|office|offices|clinic|clinics|dam|mine|mines|refinery|camp|base|facility|facilities|store|stores|line|lines|infrastructure|power station|border|centre|center'))
export const informationNouns = new Set(split('data|information|report|reports|findings|study|evidence|names|records|documents|intelligence|results|figures|statistics|forecast|details|passport numbers|emails|files|code|research'))
export const naturalNouns = new Set(split('water|land|forest|forests|ice|oil|gas|coal|food|grain|wheat|crops|energy|electricity|fuel|minerals|lithium|steel|aluminium|aluminum|soybeans|pork|fish|timber|soil|air|carbon dioxide|carbon|emissions|capacity'))
export const assetNouns = new Set(split('shares|stake|stakes|stock|assets|business|unit|division|subsidiary|company|property|properties|land|vessels|ships|fleet|portfolio|equity|bonds|debt|loan|loans|funds|reserves|jobs|workforce|contract|contracts|licence|license|rights|seats|seat|access|tents|supplies|aid'))

/** Cue words a result or outcome follows. */
export const outcomeCues = split('resulting in|leading to|which led to|led to|causing|forcing|prompting|allowing|so that|in order to|sending|leaving|bringing|pushing|killing|triggering')

/** Words that make a frame more urgent. */
export const urgencyTerms = split('urgent*|immediate*|emergency|emergencies|crisis|crises|deadline*|imminent*|now|today|tonight|within hours|within days|overnight|escalat*|outbreak*|famine|evacuat*|killed|dead|deaths|casualt*|attack*|strike*|collapse*|shortage*|threat*|warn*|rescue*|stranded|declared|epidemic|disaster*|record')

export interface TermList {
  name: string
  terms: string[]
}

/**
 * General vocabulary added to each PESTLE list after the first held-out measurement showed the
 * lists were too narrow for unseen text (see tests/analysis/dev-set.ts).
 */
const broadPestle: Record<PestleCategoryName, string> = {
  Political: 'diplomac*|embass*|envoy*|sanction*|coup|junta|insurgen*|troop*|missile*|warship*|navy|naval|prisoners of war|ceasefire|peace treaty|peace talks|annex*|sovereignty|parliamentar*|opposition parties|ruling party|cabinet|prime minister|president*',
  Economic: 'jobs^0.5|layoff*|job cuts|workforce|shares|stock market|investor*|earnings|profit*|revenue*|inflation|interest rate*|mortgage*|lender*|central bank|exchange rate|currency|exports|imports|tariff*|gdp|recession|economic growth|bond*|yield*|merger*|acquisition*|ipo|bankrupt*|insolven*|crowns^0.5|carmaker*',
  Social: 'homes|housing|affordable|tenant*|rent|rents|homeless*|low-income|income^0.5|families|poverty|pension*|school*|teacher*|education|student*|hospital*|nurse*|doctor*|patient*|disease*|illness*|medic*|vaccin*|obesity|addiction|migration|migrant*|refugee*|asylum|gender|equality|inequalit*|discriminat*|welfare|benefits^0.5|childcare|elderly|ageing|demograph*|population|unemploy*|charit*|volunteer*|crime|violence|young people|residents^0.5|evacuat*',
  Technological: 'stem cell*|tissue*|cells|biotech*|transplant*|genetic*|chatbot*|software|hardware|chip*|semiconductor*|memory chip*|server*|data centre*|data center*|cloud|5g|broadband|satellite*|rocket*|spacecraft|robot*|automation|battery|batteries|quantum|algorithm*|artificial intelligence|machine learning|computing|processor*|smartphone*|device*|internet|digital|cyber*|laboratory|experiment*|innovation|patent*|mass production|prototype*|engineer*|web|researchers^0.5',
  Legal: 'supreme court|court*|judge*|ruling*|ruled|verdict*|lawsuit*|sued|comply|complied|compliance|copyright|infring*|permission|lawyer*|attorney*|prosecut*|appeal*|illegal*|unlawful*|legal*|law|laws|statute*|constitution*|right to|regulat*|antitrust|penalt*|charged|convicted|sentenced|arrest*|violat*',
  Environmental: 'rain|rainfall|flood*|drought*|heatwave*|storm*|hurricane*|cyclone*|typhoon*|wildfire*|earthquake*|landslide*|weather|meteorolog*|climate|emission*|carbon|pollut*|reef*|coral|bleaching|marine|ocean*|sea level*|glacier*|forest*|deforest*|biodiversity|species|wildlife|conservation|habitat*|ecosystem*|renewable*|solar|wind power|recycling|waste|plastic*|water quality|air quality|calamity|natural disaster*',
}

/** PESTLE term lists. */
export const pestleTerms: Record<PestleCategoryName, string[]> = {
  Political: split(
    'government*^0.3|minister*^0.3|ministry^0.3|election*|elect*|parliament*|president*|prime minister|senate|senator*|congress|diplomat*|' +
      'sanction*|war|wars|military|troops|soldier*|treaty|talks|ceasefire|truce|protest*|party|parties|opposition|vote*|voter*|' +
      'coalition|nato|embassy|summit|foreign|defence|defense|security|conflict*|attack*|drone*|missile*|forces|army|' +
      'regime|junta|sovereign*|territor*|border*|nuclear|negotiat*|referendum|campaign*|lawmaker*|legislat*|bill^0.5|policy^0.3|' +
      'politic*|geopolit*|alliance|bloc|allies|invasion|militar*|insurgen*|militant*|rebel*|corruption|democra*|authoritarian|' +
      'strike on|air defence|air force|ambush|convoy|jihad*|peacekeep*|raid*|demonstrat*|memorandum|intelligence|' +
      'constitution^0.5|sponsor*|house of representatives|pension age|reform^0.3',
  ),
  Economic: split(
    'market*|shares|share price|stock*|price*|inflation|interest rate*|rate*|tariff*|trade|economy|economic*|revenue*|profit*|' +
      'sales|investor*|bank|banks|banking|deal^0.5|acquisition*|merger*|billion^0.3|million^0.3|currency|euro^0.3|euros^0.3|dollar*^0.3|pound*^0.3|yen^0.3|' +
      'budget|tax|taxes|jobs|workforce|wage*|pay|bankrupt*|growth|recession|gdp|export*|import*|subsid*|earnings|quarter*|' +
      'forecast*^0.5|demand^0.5|supply^0.5|shareholder*|premium|per share|cash|valuation|firm^0.5|company^0.5|companies^0.5|business*^0.5|industr*^0.5|' +
      'retail*|consumer*|cost*^0.3|fuel^0.5|oil price*|freight|shipping^0.5|port*^0.5|dockworker*|union*^0.5|labour|labor|employer*|' +
      'contribution*|revenue|spending^0.5|debt|loan*|credit|fiscal|monetary|central bank|investment*|invest*|fund*^0.3|' +
      'airline*^0.5|flights^0.5|passengers^0.5|buyer|owners^0.5|stake*|venture^0.5|analysts^0.5|margin*|price war',
  ),
  Social: split(
    'health*|hospital*|vaccin*|disease*|patient*|education|school*|student*|migrant*|refugee*|poverty|humanitarian|famine|' +
      'aid|food|housing|welfare|pension*|children|child|families|family|community|communit*|religio*|unemployment|epidemic*|' +
      'outbreak*|cases|public health|inequalit*|displaced|homeless*|malaria|dengue|flu|cancer|nicotine|addiction|teenager*|' +
      'girls|women|doctors|nurses|pharmacist*|clinic*|vaccine*|doses|mosquito*|rescue*|asylum|coast guard|shelter*|tents|' +
      'water^0.3|people^0.3|civilians|social|society|culture|cultural|welfare|wellbeing|mental health|obesity|smoking|e-cigarette*|' +
      'trial|infection*|virus*|pandemic|ngo*|charity|charities|volunteer*',
  ),
  Technological: split(
    'technolog*|software|ai|artificial intelligence|chip*|semiconductor*|computer*|computing|quantum|data|cyber*|hack*|' +
      'internet|online|digital|app|apps|platform*|algorithm*|model^0.5|models^0.5|satellite*|telescope|robot*|laptop*|smartphone*|' +
      'processor*|network*|innovation*|startup*|start-up*|engineer*|qubit*|supercomputer*|benchmark|research*|scientist*|' +
      'astronom*|planet*|space|rocket*|launch|device*|electric vehicle*|battery|batteries|telecom*|breach|password*|' +
      'language model|open-weight|graphics card|notebook*|factory|chipmaker*|gpu*|cloud|encryption|automation|biotech*|' +
      'genome|gene*|laboratory|lab|labs|experiment*|discover*|detected|findings|journal^0.5|study^0.5|studies^0.5|method^0.5',
  ),
  Legal: split(
    'court*|judge*|ruling*|ruled|lawsuit*|sue*|sued|legal*|illegal*|law|laws|fine|fined|fines|regulator*|antitrust|verdict*|' +
      'appeal*|prosecut*|constitution*|rights|litigation|jury|attorney*|complian*|violat*|investigation*|probe|dominance|' +
      'monopol*|competition|unfair|authority|judicial|justice|convict*|sentence*|indict*|arrest*|charged|plaintiff*|' +
      'defendant*|settlement|tribunal|decision^0.3|rule^0.5|statute|overtime|unconstitutional|burden^0.3|case^0.5|struck down|enforcement',
  ),
  Environmental: split(
    'climate|emission*|carbon|renewable*|pollution|environment*|forest*|deforestation|ice|warming|flood*|drought*|wildfire*|' +
      'biodiversity|species|ocean*|fossil|coal|solar|wind|green|sustainab*|weather|temperature*|zero-emission|' +
      'recycling|wildlife|nature|sea ice|antarctic*|arctic|glacier*|monsoon|rains|deforest*|loggers|logging|cattle|land|' +
      'energy capacity|renewable energy|oil|phase out|phasing out|net zero|conservation|extinction|habitat*|ecosystem*|' +
      'satellite monitoring|air quality|heatwave*|storm*|hurricane*|cyclone*|rising seas|environmental*',
  ),
}

for (const name of Object.keys(broadPestle) as PestleCategoryName[]) pestleTerms[name].push(...split(broadPestle[name]))

export interface Topic {
  label: string
  domain: string
  pestle: PestleCategoryName
  terms: string[]
}

/** Finer topics: the knowledge area is the best topic, the detected domain its domain. */
export const topics: Topic[] = [
  { label: 'Armed conflict and security', domain: 'Geopolitics and security', pestle: 'Political', terms: split('war|troops|soldier*|military|drone*|missile*|attack*|strike*|killed|wounded|injured|ceasefire|truce|forces|army|air force|air defence|raid*|militant*|ambush|convoy|jihad*|peacekeep*|sanction*|invasion|shelling|weapon*|armed') },
  { label: 'Diplomacy and international relations', domain: 'Geopolitics and security', pestle: 'Political', terms: split('talks|diplomat*|summit|foreign minister*|counterpart|memorandum|negotiat*|treaty|bilateral|envoy|embassy|alliance|bloc|nuclear programme|inspectors|visit') },
  { label: 'Elections and politics', domain: 'Politics and government', pestle: 'Political', terms: split('election*|voter*|vote*|poll|turnout|coalition|party|parties|opposition|campaign*|seats|congress|parliament*|candidate*|conceded|protest*|demonstrat*|corruption') },
  { label: 'Legislation and public policy', domain: 'Politics and government', pestle: 'Political', terms: split('bill|law|legislat*|senate|senator*|house of representatives|measure|reform|policy|ban|programme|ministry|minister|government|pension*|budget') },
  { label: 'Courts and regulation', domain: 'Law and regulation', pestle: 'Legal', terms: split('court*|judge*|ruling*|ruled|lawsuit*|sued|sue|jury|verdict|appeal*|fine|fined|regulator*|antitrust|dominance|monopol*|constitutional|illegal*|unlawful|prosecut*|rule|struck down') },
  { label: 'Markets and corporate finance', domain: 'Business and finance', pestle: 'Economic', terms: split('shares|stock*|investor*|shareholder*|acquisition|deal|merger|per share|premium|profit*|revenue*|sales|earnings|quarter*|forecast|analysts|price target|valuation|bankrupt*|buyer') },
  { label: 'Macroeconomics and monetary policy', domain: 'Business and finance', pestle: 'Economic', terms: split('inflation|interest rate*|central bank|economists|euro|dollar|currency|gdp|recession|growth|monetary|fiscal|tax*|budget|revenue') },
  { label: 'Trade and industry', domain: 'Business and finance', pestle: 'Economic', terms: split('tariff*|trade|export*|import*|duties|steel|aluminium|soybeans|factory|plant|manufactur*|supply chain|shipping|freight|port*|containers|subsid*') },
  { label: 'Labour and employment', domain: 'Business and finance', pestle: 'Economic', terms: split('workers|dockworkers|strike|union*|pay rise|wage*|jobs|workforce|employ*|overtime|labour|labor|walked off') },
  { label: 'Computing and artificial intelligence', domain: 'Technology', pestle: 'Technological', terms: split('ai|artificial intelligence|model|language model|chip*|processor*|laptop*|quantum|qubit*|computer*|software|graphics card|semiconductor*|notebook*|app store|android|supercomputer') },
  { label: 'Cybersecurity and data protection', domain: 'Technology', pestle: 'Technological', terms: split('hack*|cyber*|breach*|stole|attackers|personal data|passport numbers|data|privacy|ransomware|password*') },
  { label: 'Space and physical sciences', domain: 'Science and research', pestle: 'Technological', terms: split('telescope|planet*|astronom*|solar system|star|light years|orbit*|space|satellite*|physics') },
  { label: 'Public health and medicine', domain: 'Health and society', pestle: 'Social', terms: split('health*|vaccin*|malaria|dengue|flu|cancer|cases|epidemic|disease*|hospital*|clinic*|doses|patients|trial|nicotine|e-cigarette*|pharmacist*|doctors|mosquito*') },
  { label: 'Migration and humanitarian affairs', domain: 'Health and society', pestle: 'Social', terms: split('migrant*|refugee*|displaced|humanitarian|famine|aid|rescued|coast guard|boats|asylum|flood*|tents|food|shelter') },
  { label: 'Climate and environment', domain: 'Environment and energy', pestle: 'Environmental', terms: split('climate|emission*|carbon|renewable*|deforestation|forest*|sea ice|ice|warming|oceans|zero-emission|coal|oil|fossil|environmental|monsoon|drought|wildfire*|biodiversity') },
]

/** Lexicons of the ten analytics; each match counts once per occurrence. */
export const analyticsTerms = {
  socioPoliticalSensitivity: split(
    'war|killed|election*|protest*|migrant*|refugee*|religio*|ethnic*|race|racis*|abortion|sanction*|corruption|' +
      'nuclear|military|troops|sovereign*|occupation|genocide|human rights|censorship|coup|regime|junta|opposition|' +
      'terror*|jihad*|minorit*|immigration|asylum|police|crackdown|dissident*|ceasefire|border*|strike*|unions|' +
      'accused|condemned|denounced|famine|tariff*|retaliat*|inequalit*|gender|lgbt*|extremis*|nationalis*|sanction',
  ),
  economicRelevance: split(
    'market*|shares|stock*|price*|inflation|interest rate*|tariff*|trade|econom*|revenue*|profit*|sales|investor*|bank*|' +
      'deal|acquisition*|merger*|billion|million|currency|budget|tax*|jobs|workforce|wage*|bankrupt*|growth|recession|gdp|' +
      'export*|import*|subsid*|earnings|quarter*|forecast*|demand|supply|shareholder*|valuation|cost*|fund*|invest*|debt|' +
      'loan*|fiscal|monetary|spending|pay|premium|per share|cash|euros|dollars|yen|crowns|pounds',
  ),
  ethicalControversy: split(
    'surveillance|privacy|abortion|death penalty|execution*|torture|animal testing|gene editing|genetic*|euthanasia|' +
      'discriminat*|bias*|exploitation|child labour|child labor|corruption|bribe*|fraud*|unfair*|abus*|monopol*|' +
      'misinformation|disinformation|censorship|human rights|civilian*|killed|collateral|weapons|lethal|unethical|' +
      'controvers*|scandal*|cover-up|whistleblow*|illegal*|dominance|addiction|deforestation|failing to protect|' +
      'personal data|stole|hack*|exploit*|neglect*|negligen*|inequalit*|consent',
  ),
  culturalSignificance: split(
    'heritage|culture|cultural|tradition*|art|arts|artist*|museum*|festival*|religio*|church|mosque|temple|language*|' +
      'literature|film*|music*|sport*|olympic*|world cup|identity|national identity|monument*|ceremony|ritual*|' +
      'celebrat*|history|historic*|ancestral|indigenous|custom*|folk|cuisine|holiday*|holidays|anniversary|landmark',
  ),
  novelty: split(
    'first|new|novel|unprecedented|record|breakthrough|never before|for the first time|launch*|unveil*|innovative|' +
      'pioneering|historic|landmark|discover*|detected|emerging|surprise*|unexpected*|shift|reversal|lowest|highest|' +
      'since measurements began|since records began|milestone|debut*|announce*',
  ),
  // Loss of life weighs most; ordinary market falls and cuts least.
  impactSeverity: split(
    'killed^2|dead^2|deaths^2|died^2|casualt*^2|massacre*^2|injured^1.5|wounded^1.5|destroy*|devastat*|collapse*|' +
      'crisis|crises|famine^2|emergency|catastroph*|disaster*|bankrupt*|stranded|displaced|epidemic|outbreak*|severe|' +
      'critical|shortage*|losses^0.5|plunge*|tumble*|crash*|attack*|strike*^0.5|threat*^0.5|war^1.5|fell^0.3|' +
      'dropped^0.3|cut^0.3|layoff*|jobs^0.3|evacuat*|flood*|drought|stole|breach*|sanction*|ban^0.5|retaliat*',
  ),
  biasIntensity: split(
    'outrageous|disgraceful|shameful|disastrous|reckless|radical|extremist*|so-called|clearly|obviously|undeniabl*|' +
      'absolutely|totally|completely|utterly|always|never|everyone|nobody|terrible|horrible|appalling|brilliant|' +
      'heroic|evil|corrupt|incompetent|failed|failing|ridiculous|absurd|pathetic|betray*|lies|liar*|propaganda|' +
      'regime|thugs|puppet*|elite*|woke|unrealistic|unfair|illegal|modest|mere|merely|just|only|blatant*|shocking',
  ),
  propagandaIntensity: split(
    'enemy|enemies|traitor*|treason|glorious|heroic|motherland|fatherland|homeland|destiny|sacred|holy|crusade|' +
      'puppet*|nazi*|fascist*|terrorist*|vermin|parasite*|infest*|invader*|subhuman|existential threat|' +
      'foreign agents|foreign agencies|western agents|fifth column|enemy of the people|fake news|lies|lying|' +
      'victory|unstoppable|crush|annihilat*|must|never surrender|all patriots|real patriots|true patriots|' +
      'us or them|with us|against us|only solution|no alternative|everyone knows|wake up|they want|destroy our|' +
      'illegal|illegitimate|provocation*|aggressor*|nazi regime|junta|regime|liberate*|denazif*',
  ),
} as const

/** Phrases that mark a claim as hedged or unconfirmed (lower veracity). */
export const hedgeTerms = split('reportedly|allegedly|claimed|claims|claim|rumou*|unconfirmed|according to sources|could|may|might|possibly|apparently|suggest*|believed to|said to be|unverified|purportedly')

/** Attribution phrases that mark a claim as sourced (higher veracity). */
export const sourcingTerms = split('said|told|according to|confirmed|announced|reported|statement|data|figures|published|official*|spokes*|documents|filing|records')

/** Scope cues. */
export const globalTerms = split('global*|worldwide|international*|world|countries|nations|cross-border|multinational|continent*|regional|across europe|across the world|un|united nations')
export const localTerms = split('local*|city|town|village|district*|province|municipal*|neighbourhood|neighborhood|county|community')

/** Horizon cues: long-term and short-term. */
export const longTermTerms = split('decade*|long-term|long term|generation*|century|by 2030|by 2035|by 2040|by 2050|years|permanent*|structural|future|lasting|phase out|transition')
export const shortTermTerms = split('today|tonight|overnight|this week|next week|immediately|hours|days|short-term|temporary|seven-day|this month')

/** Propaganda devices for the indicators text, each with cue terms. */
export const propagandaDevices: TermList[] = [
  { name: 'name-calling', terms: split('traitor*|puppet*|thugs|nazi*|fascist*|terrorist*|vermin|parasite*|enemy of the people|regime|junta|liar*') },
  { name: 'appeal to fear', terms: split('existential threat|destroy our|invader*|infest*|catastroph*|they want|wake up|danger*|threatens our') },
  { name: 'flag-waving', terms: split('motherland|fatherland|homeland|patriot*|glorious|sacred|our nation|our people|destiny') },
  { name: 'black-and-white framing', terms: split('with us|against us|us or them|only solution|no alternative|either|never surrender') },
  { name: 'conspiracy framing', terms: split('foreign agents|foreign agencies|western agents|fifth column|secret plan|hidden hand|funding the protests|orchestrated') },
  { name: 'delegitimisation', terms: split('illegal|illegitimate|so-called|fake news|lies|provocation*|aggressor*') },
]
