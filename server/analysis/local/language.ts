/**
 * Language identification with franc, limited to widely used languages so short texts are not
 * mistaken for a close minority language (English as Scots), and mapped to ISO 639-1.
 */
import { franc } from 'franc'

export function detectLanguage(text: string): string {
  const sample = text.slice(0, 4000)
  if (sample.replace(/[^\p{L}]/gu, '').length < 20) return 'und'
  const code = franc(sample, { only: Object.keys(iso6391), minLength: 20 })
  return iso6391[code] ?? code
}

const iso6391: Record<string, string> = {
  eng: 'en', deu: 'de', fra: 'fr', spa: 'es', por: 'pt', ita: 'it', nld: 'nl', rus: 'ru', ukr: 'uk', pol: 'pl',
  ces: 'cs', slk: 'sk', ron: 'ro', hun: 'hu', swe: 'sv', dan: 'da', nob: 'nb', fin: 'fi', ell: 'el', tur: 'tr',
  arb: 'ar', pes: 'fa', heb: 'he', hin: 'hi', ben: 'bn', urd: 'ur', cmn: 'zh', jpn: 'ja', kor: 'ko', vie: 'vi',
  tha: 'th', ind: 'id', zlm: 'ms', swh: 'sw', bul: 'bg', srp: 'sr', hrv: 'hr', cat: 'ca', lit: 'lt', lav: 'lv',
  est: 'et', slv: 'sl', tgl: 'tl', amh: 'am', hau: 'ha', yor: 'yo',
}
