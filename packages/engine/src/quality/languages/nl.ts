import type { Lexicon } from './lexicon';
import { list, pattern } from './lexicon';

const IMAGE = 'afbeelding|foto|plaatje|illustratie|tekening';

export const nl: Lexicon = {
  tag: 'nl',
  name: 'Dutch',
  articles: list('een|de|het|deze|dit|mijn|onze'),
  imageWords: list(
    'productafbeelding|productfoto|omslagfoto|omslagafbeelding|hoofdafbeelding|galerijafbeelding|sliderafbeelding|artikelafbeelding|headerafbeelding|uitgelichte afbeelding|afbeelding|foto|plaatje|beeld|illustratie|pictogram|icoon|icon|logo|grafiek|tekening|miniatuur|banner|schermafbeelding|screenshot|uitgelichte afbeelding',
  ),
  placeholders: list(
    "ai-gegenereerde afbeelding|ai gegenereerde afbeelding|gegenereerd met ai|ai-afbeelding|door ai gegenereerd|foto ter illustratie|afbeelding ter illustratie|ter illustratie|illustratieve foto|illustratieve afbeelding|afbeelding ter indicatie|foto ter indicatie|sfeerbeeld|sfeerimpressie|impressie|beschrijving van de afbeelding|beschrijving afbeelding|afbeelding niet beschikbaar|geen afbeelding|geen afbeelding beschikbaar|foto niet beschikbaar|klik om te vergroten|klik voor vergroting|klik voor een grotere afbeelding|klik op de afbeelding om te vergroten|tijdelijke afbeelding|standaardafbeelding|testafbeelding|alt-tekst hier|beschrijving hier|nog in te vullen|nog aan te vullen|volgt|sfeerbeeld|sfeerfoto|archiefbeeld|archieffoto|voorbeeldafbeelding|illustratieve afbeelding|naamloos|naamloos ontwerp|zonder titel|geen titel|tijdelijke aanduiding|beschrijving|afbeeldingsbeschrijving|alt-tekst|alternatieve tekst|bijschrift|afbeeldingen|foto's|geen afbeelding|scheidingslijn|decoratie|decoratieve afbeelding|achtergrond|achtergrondafbeelding",
  ),
  redundantOpenings: [
    pattern(
      String.raw`^(?:(?:dit is|hier is)\s+)?(?:(?:een|de|deze)\s+)?(?:${IMAGE})\s+(?:van|met|die|waarop|toont)\b(?!\s+de\s+(?:dag|week|maand)\b)`,
    ),
    pattern(String.raw`^(?:${IMAGE})\s*:`),
    pattern(String.raw`^op\s+(?:de|deze)\s+(?:foto|afbeelding|illustratie)\b`),
  ],
  labels: list(
    'bijschrift|onderschrift|titel|kop|kopje|sectiekop|ondertitel|beschrijving|afbeeldingsbeschrijving|alt-tekst|alternatieve tekst|alt|tooltip|fotograaf|bestandsnaam|bestand',
  ),
  instructions: [
    // "Click to enlarge" and its kin: an instruction, never what the image shows (F30).
    pattern(String.raw`^klik\s*(?:hier\s*)?(?:op\s+de\s+(?:afbeelding|foto)\s*)?(?:om\s+(?:te\s+)?vergroten|voor\s+(?:een\s+)?(?:vergroting|grotere afbeelding|groter formaat))?$`),
    // Stand-in text: the alternative said to come later, be missing or go here (issue 34).
    pattern(String.raw`^(?:de\s+)?(?:alt-tekst|alternatieve tekst|beschrijving|afbeeldingsbeschrijving|bijschrift|afbeelding|foto)\s+(?:volgt(?:\s+nog)?|hier|ontbreekt|komt nog|nog invullen|nog toevoegen)$`),
    // Template text in the order this language's editors write it (issue 34).
    pattern(String.raw`^(?:voer|vul|typ|schrijf|voeg)\s+(?:hier\s+)?(?:de\s+|een\s+)?(?:alternatieve tekst|alt-tekst|alttekst|beschrijving|afbeeldingsbeschrijving|bijschrift)\s+(?:hier\s+)?(?:in|toe)$|^(?:alternatieve tekst|alt-tekst|afbeeldingsbeschrijving|beschrijving|bijschrift)\s+(?:hier\s+)?(?:invoeren|invullen|toevoegen)$`),
    pattern(String.raw`^(?:beschrijf|beschrijven)(?:\s+(?:de|deze|een)\s+(?:${IMAGE}))?(?:\s|$)`),
    pattern(
      String.raw`^(?:voeg|typ|schrijf|vul)\s+(?:hier\s+)?(?:(?:een|de|je|uw)\s+)?(?:alt-tekst|alternatieve tekst|beschrijving|bijschrift)\b`,
    ),
    pattern(String.raw`^(?:alt-tekst|alternatieve tekst|beschrijving)\s+(?:hier|invoeren|toevoegen)$`),
    pattern(String.raw`\benige inhoud van een (?:link|knop)\b`),
    pattern(String.raw`^(?:hier is)\s+(?:de|een)\s+(?:alt-tekst|alternatieve tekst|beschrijving)\b`),
    pattern(String.raw`^klik\s+hier$`),
  ],
  actions: list(
    'zoeken|zoek|sluiten|menu|volgende|vorige|terug|home|startpagina|naar boven|openen|tonen|verbergen|delen|downloaden|printen|afdrukken|afspelen|pauze|pauzeren|stoppen|verzenden|versturen|kopen|bestellen|winkelwagen|winkelmand|toevoegen|in winkelwagen|verwijderen|bewerken|opslaan|annuleren|doorgaan|verder|meer|lees meer|meer informatie|bekijk|bekijken|luisteren|abonneren|volgen|contact|contact opnemen|bellen|hulp|help|instellingen|profiel|account|mijn account|inloggen|aanmelden|uitloggen|afmelden|registreren|favorieten|verlanglijst|vergelijken|filteren|sorteren|vernieuwen|kopiëren|overslaan|taal|meldingen|berichten|kaart|route|solliciteren|reserveren|doneren|winkel|ok|accepteren|weigeren|bevestigen',
  ),
  stopWords: list(
    'de|het|een|van|en|of|in|op|aan|te|voor|met|door|uit|onze|ons|jouw|uw|mijn|deze|dit|is|zijn|hier|klik|link|knop|pictogram|afbeelding|logo|foto|pijl|symbool',
  ),
};
