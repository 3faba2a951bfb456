import type { Lexicon } from './lexicon';
import { list, pattern } from './lexicon';

const IMAGE = 'bild|foto|fotografie|abbildung|grafik|illustration|zeichnung';
// "Bild der Woche" is an award, "Gruppenfoto" is one word anyway.
const NOT_A_SUBJECT = String.raw`(?!\s*(?:der|des)\s+(?:woche|tages|monats|jahres)\b)`;

export const de: Lexicon = {
  tag: 'de',
  name: 'German',
  articles: list('ein|eine|das|die|der|dieses|diese|mein|unser'),
  imageWords: list(
    'galeriebild|sliderbild|produktfoto|artikelbild|titelbild des beitrags|vorschaubild des beitrags|headerbild|teaserbild|aufmacherbild|hauptbild|coverbild|titelfoto|bild|foto|fotografie|abbildung|abb|grafik|illustration|symbol|icon|logo|zeichnung|vorschaubild|miniatur|banner|symbolbild|titelbild|beitragsbild|produktbild|bildschirmfoto|screenshot',
  ),
  placeholders: list(
    'ki-generiertes bild|ki-generiert|ki-bild|ki-generiertes foto|mit ki erstellt|von ki generiert|mit ki generiert|ki-generierte grafik|bild aus dem internet|foto aus dem internet|bild aus dem netz|illustrationsbild|illustrationsfoto|zur illustration|nur zur illustration|zur veranschaulichung|nur zur veranschaulichung|bild zur veranschaulichung|foto zur veranschaulichung|bild zur illustration|foto zur illustration|beispielabbildung|abbildung ähnlich|abbildung kann abweichen|bildbeschreibung hier|bildunterschrift hier|beschreibung hier|alternativtext hier|kein bild vorhanden|kein bild verfügbar|bild nicht verfügbar|bild nicht gefunden|kein foto|kein foto vorhanden|beschreibung des bildes|kein alternativtext|keine bildbeschreibung|keine beschreibung|zum vergrößern klicken|zum vergrößern anklicken|klicken zum vergrößern|klicken sie zum vergrößern|zum vergrössern klicken|klicken zum vergrössern|bild anklicken zum vergrößern|beispielgrafik|musterbild|dummybild|dummy-bild|testbild|neues bild|standardbild|beispielbild|beispielfoto|symbolfoto|archivbild|archivfoto|stockfoto|wird noch ergänzt|folgt|noch zu ergänzen|noch ausfüllen|platzhalter|platzhalterbild|unbenannt|ohne titel|ohne namen|kein titel|beschreibung|bildbeschreibung|alternativtext|alt-text|bildunterschrift|bilder|fotos|kein bild|bild fehlt|abstandhalter|trennlinie|dekoration|dekorativ|hintergrund|hintergrundbild',
  ),
  redundantOpenings: [
    pattern(
      String.raw`^(?:(?:das ist|hier ist|hier sieht man)\s+)?(?:(?:ein|eine|das|dieses)\s+)?(?:${IMAGE})${NOT_A_SUBJECT}\s+(?:von|vom|eines|einer|des|der|zeigt|mit|über)\b`,
    ),
    pattern(String.raw`^(?:${IMAGE})\s*:`),
    pattern(String.raw`^(?:auf|in)\s+(?:dem|diesem)\s+(?:bild|foto|abbildung)\b`),
  ],
  labels: list(
    'bildunterschrift|bildtitel|titel|überschrift|abschnittsüberschrift|zwischenüberschrift|unterüberschrift|beschreibung|bildbeschreibung|alternativtext|alt-text|alt|tooltip|bildnachweis|dateiname|datei',
  ),
  instructions: [
    // "For illustration purposes only": a disclaimer about the picture, not what it shows (F30).
    pattern(String.raw`^(?:(?:das\s+)?(?:bild|foto|abbildung)\s+(?:dient\s+|ist\s+)?)?(?:nur\s+|lediglich\s+)?(?:zur|als)\s+(?:illustration|veranschaulichung|symbolbild|beispiel)$`),
    // "Click to enlarge" and its kin: an instruction, never what the image shows (F30).
    pattern(String.raw`^(?:(?:zum\s+vergrö(?:ß|ss)ern\s+)?(?:bitte\s+)?(?:hier\s+|(?:auf\s+)?(?:das\s+)?(?:bild|foto)\s+)?(?:an)?klicken(?:\s+sie)?(?:\s+zum\s+vergrö(?:ß|ss)ern)?|(?:bild|foto)\s+vergrö(?:ß|ss)ern)$`),
    // Stand-in text: the alternative said to come later, be missing or go here (issue 34).
    pattern(String.raw`^(?:der\s+|die\s+)?(?:alternativtext|alt-text|alt text|bildbeschreibung|beschreibung|bildunterschrift|bildtext|bild|foto|grafik)\s+(?:folgt(?:\s+(?:noch|bald|in kürze))?|fehlt|hier|kommt(?:\s+noch)?|wird nachgereicht|ausstehend|in arbeit|noch offen|tbd)$`),
    pattern(String.raw`^(?:kein|keine)\s+(?:bild|foto|alternativtext|alt-text|bildbeschreibung|beschreibung)(?:\s+(?:vorhanden|verfügbar|hinterlegt|angegeben))?$`),
    pattern(String.raw`^(?:bild|foto|grafik)\s+(?:nicht\s+(?:verfügbar|vorhanden|gefunden)|beschreiben)$`),
    // Template text in the order this language's editors write it (issue 34).
    pattern(String.raw`^(?:bitte\s+)?(?:hier\s+)?(?:den\s+|die\s+|einen\s+|eine\s+)?(?:alternativtext|alt-text|alt text|bildbeschreibung|beschreibung|bildunterschrift)(?:\s+(?:hier|für dieses bild))?\s+(?:eingeben|einfügen|hinzufügen|ergänzen|eintragen)$`),
    pattern(
      String.raw`^(?:beschreiben|beschreibe|beschreiben sie)(?:\s+(?:das|dieses|ein)\s+(?:${IMAGE}))?(?:\s|$)`,
    ),
    pattern(String.raw`^(?:das|dieses)\s+(?:bild|foto)\s+beschreiben\b`),
    pattern(
      String.raw`^(?:(?:bitte\s+)?(?:alternativtext|alt-text|bildbeschreibung|beschreibung|bildunterschrift)\s+(?:hier\s+)?(?:eingeben|einfügen|hinzufügen|ergänzen)|(?:geben sie|fügen sie)\s+(?:hier\s+)?(?:einen|eine|den|die)\s+(?:alternativtext|alt-text|bildbeschreibung|beschreibung)\b)`,
    ),
    pattern(String.raw`^(?:alternativtext|beschreibung)\s+hier$`),
    pattern(String.raw`\beinzige inhalt eines (?:links|buttons)\b`),
    pattern(
      String.raw`^hier (?:ist|kommt|steht)\s+(?:der|die|eine|ein)\s+(?:alternativtext|alt-text|bildbeschreibung|beschreibung)\b`,
    ),
    pattern(String.raw`^(?:hier\s+)?klicken$`),
  ],
  actions: list(
    'suche|suchen|schließen|menü|weiter|nächste|nächster|zurück|vorherige|vorheriger|startseite|start|nach oben|öffnen|anzeigen|ausblenden|teilen|herunterladen|download|drucken|abspielen|wiedergabe|pause|stopp|senden|absenden|kaufen|bestellen|warenkorb|in den warenkorb|hinzufügen|entfernen|löschen|bearbeiten|speichern|abbrechen|fortfahren|mehr|mehr erfahren|weiterlesen|ansehen|anhören|abonnieren|folgen|kontakt|kontaktieren|anrufen|hilfe|einstellungen|profil|konto|mein konto|anmelden|anmeldung|login|abmelden|registrieren|merkzettel|wunschliste|vergleichen|filtern|sortieren|aktualisieren|kopieren|überspringen|beenden|sprache|benachrichtigungen|nachrichten|karte|route|anfahrt|bewerben|buchen|reservieren|spenden|shop|ok|akzeptieren|ablehnen|bestätigen',
  ),
  stopWords: list(
    'der|die|das|den|dem|des|ein|eine|einen|einem|einer|und|oder|in|im|auf|an|am|zu|zum|zur|für|mit|von|vom|aus|unser|unsere|ihr|ihre|mein|meine|dies|diese|ist|sind|hier|klicken|link|schaltfläche|button|symbol|bild|logo|foto|pfeil',
  ),
};
