import type { Lexicon } from './languages';
import { LEXICONS } from './languages';
import { wordsOf } from './text-forms';

/**
 * Template text said in other words (issue 34): "Photo description pending", "Texto de la imagen",
 * "Beispieltext für Alt-Attribut", "Описание фотографии", "写真の説明". No list of whole phrases
 * ever holds them all, so this rule reads the words: a short text every word of which is the
 * vocabulary of templates (a word for an image, a field's label, an article or preposition, a
 * template's verb or adjective) and that names the field itself (a description, caption, alt text,
 * example) says nothing about any picture (F30). One real word ("Description of the crime scene")
 * and it is a description.
 */

/** Per language: the field's own names (`core`, one is needed) and the template's other words. */
const VOCABULARY: Readonly<Record<string, { core: string; other: string }>> = {
  en: {
    core: 'description|caption|alt|text|title|placeholder|sample|example|attribute|tooltip|legend',
    other: 'optional|screen|reader|readers|screenreader|screenreaders|users|blind|of|for|the|a|an|this|that|these|your|my|our|to|be|here|goes|go|in|on|with|please|insert|enter|add|type|write|put|edit|provide|update|replace|change|pending|missing|needed|required|default|dummy|test|temporary|new|generic|tbd|tba|tbc|todo|will|soon|coming|follow|later|tag|field|value|name|set|not|no|yet|available|provided|image’s|photo’s|s',
  },
  de: {
    core: 'beschreibung|bildbeschreibung|bildunterschrift|unterschrift|alternativtext|alt|text|beispieltext|platzhalter|platzhaltertext|titel|bildtitel|beispiel|mustertext|attribut|bildtext',
    other: 'optional|freiwillig|screenreader|bildschirmleser|vorleseprogramme|für|der|die|das|den|dem|des|ein|eine|einen|einem|einer|für|zum|zur|von|vom|mit|hier|bitte|dieses|diese|dieser|ihr|ihre|eingeben|einfügen|hinzufügen|ergänzen|eintragen|folgt|fehlt|muster|feld|standard|neu|neues|test|dummy|noch|kommt|steht|bildes|fotos',
  },
  fr: {
    core: 'description|légende|texte|alternatif|exemple|titre|remplacement',
    other: 'facultatif|facultative|optionnel|optionnelle|lecteurs|lecteur|écran|pour|les|de|du|la|le|les|l|d|des|un|une|pour|cette|cet|ce|ici|à|votre|compléter|insérez|insérer|saisissez|saisir|ajoutez|ajouter|entrez|écrivez|rédigez|par|défaut|test|nouvelle|nouveau|venir|manquant|manquante|alternative|alt',
  },
  es: {
    core: 'descripción|pie|texto|ejemplo|título|leyenda',
    other: 'opcional|lectores|lector|pantalla|para|los|de|del|la|el|los|las|un|una|para|esta|este|aquí|su|tu|escriba|escribe|introduzca|introduce|inserte|inserta|añada|añade|agregue|agrega|alternativo|predeterminado|prueba|pendiente|nuevo|nueva|alt',
  },
  it: {
    core: 'descrizione|didascalia|testo|esempio|titolo',
    other: 'facoltativa|facoltativo|opzionale|lettori|lettore|schermo|per|i|di|del|della|dell|la|il|lo|l|un|una|per|questa|questo|qui|scrivi|inserisci|aggiungi|alternativo|predefinito|prova|nuova|nuovo|alt',
  },
  pt: {
    core: 'descrição|legenda|texto|exemplo|título',
    other: 'opcional|leitores|leitor|tela|ecrã|para|os|de|da|do|a|o|um|uma|para|esta|este|aqui|sua|seu|escreva|insira|adicione|digite|alternativo|padrão|teste|nova|novo|pendente|alt',
  },
  nl: {
    core: 'beschrijving|bijschrift|tekst|voorbeeld|titel|afbeeldingsbeschrijving',
    other: 'optioneel|schermlezers|schermlezer|voor|de|het|een|van|voor|deze|dit|hier|uw|je|typ|voer|in|voeg|toe|schrijf|alt|standaard|test|nieuwe',
  },
  pl: {
    core: 'opis|podpis|tekst|przykład|przykładowy|tytuł',
    other: 'opcjonalnie|opcjonalny|opcjonalna|czytników|czytnika|ekranu|dla|tutaj|tu|dla|do|tego|ten|ta|wpisz|dodaj|wprowadź|napisz|przykładowa|alternatywny|domyślny|testowy|fotografii|zdjęcia|obrazka|obrazu|alt',
  },
  tr: {
    core: 'açıklama|açıklaması|metin|metni|örnek|başlık|yazısı|altyazı',
    other: 'isteğe|bağlı|opsiyonel|ekran|okuyucular|okuyucu|için|buraya|için|bir|bu|girin|giriniz|ekleyin|yazın|alternatif|varsayılan|test|yeni|fotoğraf|resim|görsel|alt|fotoğrafın|resmin|görselin',
  },
  ru: {
    core: 'описание|подпись|текст|текста|пример|название|заголовок',
    other: 'необязательно|необязательное|опционально|программ|чтения|экрана|для|здесь|для|к|этого|этой|введите|добавьте|напишите|вставьте|примера|альтернативный|альтернативного|по|умолчанию|тестовое|новое|фото|фотографии|изображения|картинки',
  },
  ja: {
    core: '説明|キャプション|テキスト|例|タイトル|代替',
    other: '任意|オプション|省略可|スクリーン|リーダー|スクリーンリーダー|用|の|を|に|は|て|し|して|ください|する|です|ここ|入力|追加|サンプル|写真|画像',
  },
  zh: {
    core: '说明|描述|标题|文本|示例|替代',
    other: '可选|选填|非必填|读屏|屏幕|阅读器|软件|用|的|输入|添加|请|在|此|这里|图片|照片|图像',
  },
  ko: {
    core: '설명|설명을|캡션|캡션을|텍스트|텍스트를|예시',
    other: '선택|사항|선택사항|스크린|리더|리더용|사진|이미지|입력하세요|입력|대체|예|추가|추가하세요|여기에|사진의|이미지의',
  },
  ar: {
    core: 'وصف|تعليق|النص|نص|مثال|عنوان',
    other: 'اختياري|قارئات|الشاشة|قارئ|على|البديل|بديل|الصورة|صورة|الفوتوغرافية|فوتوغرافية|أدخل|أضف|هنا|ل|في|لل',
  },
  hi: {
    core: 'विवरण|कैप्शन|पाठ|उदाहरण|शीर्षक',
    other: 'वैकल्पिक|स्क्रीन|रीडर|लिए|का|की|के|फोटो|छवि|चित्र|तस्वीर|वैकल्पिक|दर्ज|करें|जोड़ें|यहां|यहाँ',
  },
};

const MAX_WORDS = 10;
const split = (entries: string) => entries.split('|').filter(Boolean);
/** Words as the rule compares them: an elided article split off ("l'image", "dell'immagine"). */
const tokens = (text: string) => wordsOf(text).flatMap((word) => word.split("'")).filter(Boolean);

interface Vocabulary {
  readonly core: ReadonlySet<string>;
  readonly all: ReadonlySet<string>;
  /** One-word actions a button may be named by ("add", "edit", "bearbeiten"). */
  readonly actions: ReadonlySet<string>;
}
const vocabularies = new WeakMap<readonly Lexicon[], Vocabulary>();
function vocabularyOf(lexicons: readonly Lexicon[]): Vocabulary {
  let found = vocabularies.get(lexicons);
  if (!found) {
    const core = new Set<string>();
    const all = new Set<string>();
    const actions = new Set(lexicons.flatMap((lexicon) => lexicon.actions.filter((action) => !/\s/.test(action))));
    for (const lexicon of lexicons) {
      const own = VOCABULARY[lexicon.tag];
      for (const word of split(own?.core ?? '')) core.add(word);
      const lists = [...lexicon.imageWords, ...lexicon.labels, ...lexicon.articles, ...split(own?.core ?? ''), ...split(own?.other ?? '')];
      for (const entry of lists) for (const word of tokens(entry)) all.add(word);
    }
    found = { core, all, actions };
    vocabularies.set(lexicons, found);
  }
  return found;
}

/** Whether the text is only the vocabulary of templates, naming the field itself. */
export function isTemplateVocabulary(text: string, lexicons: readonly Lexicon[] = LEXICONS): boolean {
  const words = tokens(text);
  // One word alone is the placeholder and label rules' ("Caption", "placeholder").
  if (words.length < 2 || words.length > MAX_WORDS) return false;
  const { core, all, actions } = vocabularyOf(lexicons);
  // "Add caption", "Edit title": an action and the field it acts on is a real button's name.
  if (words.length === 2 && actions.has(words[0]!) && core.has(words[1]!)) return false;
  return words.some((word) => core.has(word)) && words.every((word) => all.has(word) || core.has(word));
}
