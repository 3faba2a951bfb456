// Words two readings use for the same thing ("sofa" / "couch"), so the comparison does not take a
// choice of word for a disagreement. A short list of our own, of things photos show, kept to true
// synonyms: a pair merged by mistake would hide a real disagreement, so a near-synonym ("cup" /
// "mug", "puppy" / "dog") or a word with another common meaning in pictures ("glasses", "pants",
// "plane") stays out. No maintained multilingual synonym source is small enough to
// ship for this (WordNet is English only and tens of megabytes); languages without a list here
// compare words as written, as before.
import type { LanguageTerms } from './language-terms';

/** Per language: groups of words for one thing; the first is the group's name. */
const GROUPS: Readonly<Record<string, readonly string[]>> = {
  en: [
    'sofa couch settee',
    'car automobile',
    'bicycle bike',
    'motorcycle motorbike',
    'airplane aeroplane',
    'television tv',
    'child kid',
    'photograph photo',
    'truck lorry',
    'taxi cab',
    'sweater pullover',
    'spectacles eyeglasses',
    'trash rubbish garbage',
    'forest woods',
  ],
  de: ['sofa couch', 'auto pkw', 'fahrrad velo', 'foto fotografie', 'fernseher fernsehgerät', 'lkw lastwagen', 'flugzeug flieger', 'pullover pulli'],
  fr: ['canapé sofa divan', 'voiture automobile auto', 'vélo bicyclette', 'photo photographie', 'télévision télé téléviseur', 'enfant gamin', 'moto motocyclette'],
  es: ['sofá diván', 'coche auto automóvil', 'bicicleta bici', 'foto fotografía', 'televisor televisión tele', 'niño crío', 'avión aeroplano', 'moto motocicleta', 'gafas anteojos'],
  it: ['divano sofà', 'auto automobile', 'bicicletta bici', 'foto fotografia', 'televisore televisione tv', 'bambino bimbo', 'aereo aeroplano', 'moto motocicletta', 'camion autocarro'],
  pt: ['carro automóvel', 'bicicleta bici', 'foto fotografia', 'televisão televisor tv', 'moto motocicleta', 'caminhão camião'],
  nl: ['fiets rijwiel', 'televisie tv'],
};

const built = new Map<string, ReadonlyMap<string, string>>();

/** Each listed word's stem (in the language's own stemming) → its group's stem. */
function mapFor(terms: LanguageTerms): ReadonlyMap<string, string> {
  let map = built.get(terms.tag);
  if (!map) {
    const entries = (GROUPS[terms.tag] ?? []).flatMap((group) => {
      const stems = group.split(/\s+/).map((word) => terms.stem(word));
      return stems.map((stem) => [stem, stems[0]!] as const);
    });
    built.set(terms.tag, (map = new Map(entries)));
  }
  return map;
}

/** The stem a content word is compared by: its synonym group's, when it is in one. */
export function synonymOf(terms: LanguageTerms, stem: string): string {
  return mapFor(terms).get(stem) ?? stem;
}
