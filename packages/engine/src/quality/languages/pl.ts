import type { Lexicon } from './lexicon';
import { list, pattern } from './lexicon';

// "obraz" is also a painting, which is worth saying: only the unambiguous words open redundantly.
const IMAGE = 'zdjęcie|zdjecie|obrazek|fotografia|fotka|grafika|ilustracja';
const SEEN_ON = 'zdjęciu|zdjeciu|obrazku|obrazie|fotografii|grafice|ilustracji';

export const pl: Lexicon = {
  tag: 'pl',
  name: 'Polish',
  articles: list('to|ten|ta|to jest'),
  imageWords: list(
    'zdjęcie produktu|obrazek produktu|obrazek wyróżniający|zdjęcie wyróżniające|zdjęcie główne|zdjęcie okładkowe|zdjęcie w galerii|obrazek wpisu|miniatura wpisu|obraz|obrazek|zdjęcie|zdjecie|fotografia|foto|fotka|grafika|ilustracja|ikona|ikonka|logo|logotyp|rysunek|miniatura|baner|zrzut ekranu|zrzut',
  ),
  placeholders: list(
    'obraz wygenerowany przez ai|obraz wygenerowany przez sztuczną inteligencję|wygenerowane przez ai|grafika ai|obraz ai|grafika wygenerowana przez ai|zdjęcie ilustracyjne|zdjęcie poglądowe|zdjęcie ma charakter poglądowy|zdjęcie ma charakter ilustracyjny|obraz poglądowy|obrazek poglądowy|zdjęcie przykładowe|kliknij, aby powiększyć|kliknij aby powiększyć|kliknij, by powiększyć|kliknij by powiększyć|kliknij, aby powiekszyc|kliknij aby powiekszyc|kliknij, aby zobaczyć większe|brak zdjęcia|brak obrazka|brak obrazu|zdjęcie niedostępne|obraz niedostępny|tekst alternatywny tutaj|opis tutaj|zdjęcie zastępcze|obrazek zastępczy|do uzupełnienia|do wypełnienia|zdjęcie poglądowe|zdjęcie ilustracyjne|zdjęcie archiwalne|obraz poglądowy|przykładowe zdjęcie|bez tytułu|bez tytulu|bez nazwy|symbol zastępczy|opis|opis obrazu|opis zdjęcia|opis obrazka|tekst alternatywny|obrazy|zdjęcia|brak zdjęcia|brak obrazu|separator|dekoracja|tło',
  ),
  redundantOpenings: [
    pattern(
      String.raw`^(?:to\s+(?:jest\s+)?)?(?:${IMAGE})\s+(?:przedstawiając\p{L}*|pokazując\p{L}*|ukazując\p{L}*)`,
    ),
    pattern(String.raw`^(?:${IMAGE})\s*:`),
    pattern(String.raw`^na\s+(?:tym\s+)?(?:${SEEN_ON})\b`),
  ],
  labels: list(
    'podpis|podpis zdjęcia|tytuł|tytul|nagłówek|naglowek|śródtytuł|opis|opis obrazu|opis zdjęcia|tekst alternatywny|alt|autor zdjęcia|nazwa pliku|plik',
  ),
  instructions: [
    // "Click to enlarge" and its kin: an instruction, never what the image shows (F30).
    pattern(String.raw`^kliknij\s*,?\s*(?:tutaj\s*,?\s*|(?:w\s+|na\s+)?(?:zdjęcie|obrazek)\s*,?\s*)?(?:(?:aby|by|żeby)\s+)?(?:powiększyć|powiekszyc|zobaczyć większe|zobaczyć w pełnym rozmiarze)?$`),
    // Stand-in text: the alternative said to come later, be missing or go here (issue 34).
    pattern(String.raw`^(?:tekst alternatywny|opis(?: obrazka| zdjęcia| obrazu)?|podpis|zdjęcie|obrazek)\s+(?:wkrótce|tutaj|do uzupełnienia|do dodania|brak)$`),
    pattern(
      String.raw`^(?:opisz|opisać|opisz to)(?:\s+(?:ten|to|tę|ta)?\s*(?:obraz|zdjęcie|obrazek|grafikę|ilustrację))?(?:\s|$)`,
    ),
    pattern(
      String.raw`^(?:(?:tutaj|tu)\s+)?(?:dodaj|wpisz|wprowadź|napisz|wstaw)\s+(?:tutaj\s+)?(?:tekst alternatywny|opis|podpis)\b`,
    ),
    pattern(String.raw`^(?:tekst alternatywny|opis)\s+(?:tutaj|tu)$`),
    pattern(String.raw`\bjedyną zawartością (?:linku|łącza|przycisku)\b`),
    pattern(String.raw`^(?:przepraszam)\b.{0,40}\bnie (?:mogę|jestem w stanie)\b`),
    pattern(String.raw`^kliknij\s+tutaj$`),
  ],
  actions: list(
    'szukaj|wyszukaj|wyszukiwanie|zamknij|menu|dalej|następny|następna|poprzedni|poprzednia|wstecz|wróć|strona główna|start|do góry|otwórz|pokaż|ukryj|udostępnij|pobierz|drukuj|odtwórz|pauza|zatrzymaj|wyślij|kup|zamów|koszyk|do koszyka|dodaj|usuń|edytuj|zapisz|anuluj|kontynuuj|więcej|czytaj więcej|zobacz|obejrzyj|posłuchaj|subskrybuj|zapisz się|obserwuj|kontakt|skontaktuj się|zadzwoń|pomoc|ustawienia|profil|konto|moje konto|zaloguj|zaloguj się|logowanie|wyloguj|zarejestruj się|rejestracja|ulubione|porównaj|filtruj|sortuj|odśwież|kopiuj|pomiń|język|powiadomienia|wiadomości|mapa|dojazd|aplikuj|rezerwuj|zarezerwuj|wesprzyj|sklep|ok|akceptuj|odrzuć|potwierdź',
  ),
  stopWords: list(
    'i|a|w|we|na|z|ze|do|dla|od|o|po|przez|nasz|nasza|twój|twoja|ten|ta|to|jest|są|tutaj|kliknij|link|przycisk|ikona|obraz|logo|zdjęcie|strzałka|symbol',
  ),
};
