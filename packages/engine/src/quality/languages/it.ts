import type { Lexicon } from './lexicon';
import { list, pattern } from './lexicon';

const IMAGE = 'immagine|foto|fotografia|illustrazione|disegno';
// "foto di gruppo" is a group photo, "immagine coordinata" a brand identity: real subjects.
const NOT_A_SUBJECT = String.raw`(?!\s*(?:gruppo|famiglia|profilo|copertina|classe|matrimonio)\b)`;

export const it: Lexicon = {
  tag: 'it',
  name: 'Italian',
  articles: list("un'|una|l'|la|il|questa|questo|mia|nostra"),
  imageWords: list(
    'immagine prodotto|immagine del prodotto|foto prodotto|foto del prodotto|immagine di copertina|foto di copertina|immagine principale|immagine della galleria|immagine dello slider|immagine dell\'articolo|immagine di intestazione|immagine in evidenza|immagine|foto|fotografia|illustrazione|icona|logo|logotipo|grafica|figura|disegno|miniatura|anteprima|banner|schermata|screenshot|immagine in evidenza',
  ),
  placeholders: list(
    "immagine generata con ia|immagine generata dall'ia|immagine generata da ia|generata con ia|immagine ia|immagine generata con l'intelligenza artificiale|immagine tratta dal web|immagine presa dal web|foto tratta dal web|foto presa dal web|immagine dal web|foto dal web|immagine tratta da internet|immagine presa da internet|immagine a scopo illustrativo|foto a scopo illustrativo|a scopo illustrativo|immagine puramente indicativa|foto puramente indicativa|immagine indicativa|foto indicativa|immagine illustrativa|foto illustrativa|immagine a titolo illustrativo|clicca per ingrandire|clicca sull'immagine per ingrandire|fai clic per ingrandire|clicca qui per ingrandire|immagine segnaposto|segnaposto|immagine non disponibile|nessuna immagine|foto non disponibile|immagine in arrivo|testo alternativo qui|descrizione qui|immagine predefinita|immagine di prova|immagine temporanea|da completare|da inserire|immagine di repertorio|foto di repertorio|immagine illustrativa|immagine di esempio|foto d'archivio|senza titolo|senza nome|segnaposto|descrizione|descrizione immagine|descrizione dell'immagine|testo alternativo|didascalia|immagini|nessuna immagine|immagine non disponibile|separatore|decorazione|immagine decorativa|sfondo|immagine di sfondo",
  ),
  redundantOpenings: [
    pattern(
      String.raw`^(?:(?:questa è|ecco)\s+)?(?:(?:un'|una|l'|questa)\s*)?(?:${IMAGE})\s+(?:di|del|della|dello|dei|degli|delle|che mostra|che ritrae|raffigurante|con)\b${NOT_A_SUBJECT}`,
    ),
    pattern(String.raw`^(?:${IMAGE})\s*:`),
    pattern(String.raw`^(?:nella|in questa|in)\s+(?:foto|immagine|fotografia|illustrazione)\b`),
  ],
  labels: list(
    "didascalia|titolo|titolo della sezione|intestazione|sottotitolo|descrizione|descrizione immagine|descrizione dell'immagine|testo alternativo|alt|crediti|credito|nome file|file",
  ),
  instructions: [
    // "For illustration purposes only": a disclaimer about the picture, not what it shows (F30).
    pattern(String.raw`^(?:(?:l'|questa\s+)?(?:immagine|foto)\s+(?:è\s+)?)?(?:a (?:scopo|titolo) (?:illustrativo|indicativo|esemplificativo)|puramente (?:indicativa|illustrativa))$`),
    // "Click to enlarge" and its kin: an instruction, never what the image shows (F30).
    pattern(String.raw`^(?:clicca|cliccare|fai clic|tocca)\s*(?:qui\s*)?(?:(?:sull'|sulla\s+)(?:immagine|foto|miniatura)\s*)?(?:per\s+(?:ingrandire|ingrandirla|vedere (?:l'immagine )?(?:ingrandita|più grande)))?$`),
    // Stand-in text: the alternative said to come later, be missing or go here (issue 34).
    pattern(String.raw`^(?:il\s+|la\s+)?(?:testo alternativo|testo alt|descrizione(?: dell'immagine| della foto)?|didascalia|immagine|foto)\s+(?:qui|in arrivo|da completare|da inserire|da aggiungere|da definire|mancante|a breve)$`),
    // Template text in the order this language's editors write it (issue 34).
    pattern(String.raw`^(?:per favore,?\s+)?(?:inserisci|inserire|scrivi|scrivere|aggiungi|aggiungere|digita)\s+(?:qui\s+)?(?:il\s+|la\s+|una?\s+)?(?:testo alternativo|testo alt|descrizione(?:\s+dell['’]immagine)?|didascalia)(?:\s+qui)?$`),
    pattern(
      String.raw`^(?:descrivi|descrivere|descriva)(?:\s+(?:l'|questa|un'|una)\s*(?:${IMAGE}))?(?:\s|$)`,
    ),
    pattern(
      String.raw`^(?:aggiungi|aggiungere|inserisci|inserire|scrivi|scrivere|immetti)\s+(?:(?:un|una|il|la|l')\s*)?(?:testo alternativo|descrizione|didascalia)\b`,
    ),
    pattern(String.raw`^(?:testo alternativo|descrizione)\s+qui$`),
    pattern(String.raw`\bunico contenuto di un (?:link|collegamento|pulsante)\b`),
    pattern(String.raw`^(?:ecco)\s+(?:il|la|un|una)\s+(?:testo alternativo|descrizione)\b`),
    pattern(String.raw`^(?:mi dispiace|spiacente)\b.{0,40}\bnon (?:posso|riesco)\b`),
    pattern(String.raw`^clicca\s+qui$`),
  ],
  actions: list(
    'cerca|ricerca|chiudi|menu|avanti|successivo|successiva|indietro|precedente|home|pagina iniziale|torna su|apri|mostra|nascondi|condividi|scarica|stampa|riproduci|pausa|interrompi|invia|acquista|compra|ordina|carrello|aggiungi|aggiungi al carrello|rimuovi|elimina|modifica|salva|annulla|continua|altro|scopri di più|leggi di più|vedi|guarda|ascolta|iscriviti|segui|contatti|contattaci|chiama|aiuto|impostazioni|profilo|account|accedi|accesso|esci|registrati|preferiti|confronta|filtra|ordina|aggiorna|copia|salta|lingua|notifiche|messaggi|mappa|indicazioni|prenota|dona|negozio|ok|accetta|rifiuta|conferma',
  ),
  stopWords: list(
    "il|lo|la|i|gli|le|un|uno|una|un'|di|del|della|e|o|a|al|in|nel|su|per|con|da|nostro|nostra|tuo|tua|questo|questa|è|sono|qui|clicca|link|pulsante|icona|immagine|logo|foto|freccia|simbolo",
  ),
};
