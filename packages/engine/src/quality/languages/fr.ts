import type { Lexicon } from './lexicon';
import { list, pattern } from './lexicon';

const IMAGE = 'image|photo|photographie|illustration|dessin|visuel';
// "image de marque" is a brand image, "photo de groupe" a group photo: real subjects, not openings.
const NOT_A_SUBJECT = String.raw`(?!\s*(?:marque|groupe|famille|profil|couverture|identité|classe|mariage)\b)`;

export const fr: Lexicon = {
  tag: 'fr',
  name: 'French',
  articles: list("une|un|l'|la|le|cette|cet|ce|mon|ma|notre"),
  imageWords: list(
    "image produit|image du produit|photo produit|photo du produit|image de couverture|photo de couverture|image à la une|image mise en avant|image principale|image de la galerie|image du carrousel|image de l'article|vignette de l'article|visuel principal|image d'en-tête|image de bannière|image|photo|photographie|illustration|icône|icone|logo|logotype|graphique|figure|dessin|visuel|vignette|miniature|bannière|capture d'écran|capture|image d'illustration",
  ),
  placeholders: list(
    "image générée par ia|image générée par l'ia|générée par ia|générée par l'ia|image ia|photo générée par ia|image créée par ia|image générée par intelligence artificielle|image trouvée sur internet|image prise sur internet|photo trouvée sur internet|image d'internet|image du web|texte alternatif de l'image|photo non contractuelle|image non contractuelle|visuel non contractuel|photos non contractuelles|photo à titre indicatif|image à titre indicatif|à titre indicatif|à titre d'illustration|image à titre d'illustration|photo à titre d'illustration|visuel d'illustration|image d'ambiance|photo d'ambiance|description de l'image ici|image à venir|photo à venir|à venir|image non disponible|photo non disponible|pas d'image|aucune image|image introuvable|cliquez pour agrandir|cliquer pour agrandir|cliquez sur l'image pour l'agrandir|cliquez sur l'image pour agrandir|cliquez pour zoomer|image par défaut|image d'exemple|exemple d'image|image factice|nouvelle image|image de remplacement|image temporaire|à compléter|a compléter|à venir|à remplir|image d'illustration|photo d'illustration|illustration|image d'exemple|photo d'archive|image symbolique|sans titre|sans nom|espace réservé|texte de remplacement|texte alternatif|description|description de l'image|légende|images|photos|aucune image|image manquante|image indisponible|espaceur|séparateur|décoration|image décorative|arrière-plan|fond",
  ),
  redundantOpenings: [
    pattern(
      String.raw`^(?:(?:c'est|voici)\s+)?(?:(?:une|l'|cette)\s*)?(?:${IMAGE})\s*(?:de\s|d'|du\s|des\s|montrant|représentant|qui montre|qui représente|avec\s)${NOT_A_SUBJECT}`,
    ),
    pattern(String.raw`^(?:${IMAGE})\s*:`),
    pattern(String.raw`^(?:sur|dans)\s+(?:la|cette|l')\s*(?:${IMAGE})\b`),
  ],
  labels: list(
    "légende|titre|titre de section|sous-titre|intitulé|description|description de l'image|texte alternatif|texte de remplacement|alt|infobulle|crédit|crédit photo|nom du fichier|fichier",
  ),
  instructions: [
    // "For illustration purposes only": a disclaimer about the picture, not what it shows (F30).
    pattern(String.raw`^(?:(?:l'|cette\s+)?(?:image|photo|visuel)s?\s+)?(?:non contractuel(?:le)?s?|(?:(?:donnée?s?|présentée?s?)\s+)?à titre (?:indicatif|d'illustration|d'exemple))$`),
    // "Click to enlarge" and its kin: an instruction, never what the image shows (F30).
    pattern(String.raw`^(?:cliquez|cliquer|clique|appuyez)\s*(?:ici\s*|sur\s+(?:l'|la\s+|cette\s+)(?:image|photo|vignette)\s*)?(?:pour\s+(?:l'|la\s+)?(?:agrandir|zoomer|voir en grand|voir en plus grand|agrandir l'image))?$`),
    // Stand-in text: the alternative said to come later, be missing or go here (issue 34).
    pattern(String.raw`^(?:le\s+|la\s+)?(?:texte alternatif|texte alt|alt|description(?: de l'image| de la photo)?|légende|image|photo|visuel)\s+(?:ici|à venir|à compléter|à rédiger|à ajouter|à remplir|manquante?|en attente|en cours|à définir)$`),
    // Template text in the order this language's editors write it (issue 34).
    pattern(String.raw`^(?:veuillez\s+)?(?:saisissez|saisir|entrez|entrer|ajoutez|ajouter|insérez|insérer|écrivez|écrire)\s+(?:ici\s+)?(?:le\s+|la\s+|une?\s+)?(?:texte alternatif|alt|description(?:\s+de\s+l['’]image)?|légende)(?:\s+ici)?$`),
    pattern(String.raw`^(?:décrire|décrivez|décris)(?:\s+(?:l'|cette|une|la)\s*(?:${IMAGE}))?(?:\s|$)`),
    pattern(
      String.raw`^(?:ajoutez|ajouter|ajoute|saisissez|saisir|insérez|insérer|entrez|entrer|écrivez|écrire|rédigez)\s+(?:(?:un|une|le|la|l'|votre)\s*)?(?:texte alternatif|description|légende|texte de remplacement)\b`,
    ),
    pattern(String.raw`^(?:texte alternatif|description|légende)\s+ici$`),
    pattern(String.raw`\bseul contenu d'un (?:lien|bouton)\b`),
    pattern(String.raw`^(?:voici)\s+(?:le|la|une|un)\s+(?:texte alternatif|description|légende)\b`),
    pattern(String.raw`^(?:désolé|je suis désolé)\b.{0,40}\b(?:ne peux pas|impossible)\b`),
    pattern(String.raw`^(?:cliquez|cliquer)\s+ici$`),
  ],
  actions: list(
    "rechercher|recherche|chercher|fermer|menu|suivant|suivante|précédent|précédente|retour|revenir|accueil|page d'accueil|haut de page|ouvrir|afficher|masquer|partager|télécharger|imprimer|lire|lecture|pause|arrêter|envoyer|valider|soumettre|acheter|commander|panier|ajouter|ajouter au panier|supprimer|modifier|enregistrer|annuler|continuer|plus|voir|en savoir plus|regarder|écouter|s'abonner|abonnez-vous|suivre|contact|contactez-nous|nous contacter|appeler|aide|paramètres|réglages|profil|compte|mon compte|connexion|se connecter|déconnexion|se déconnecter|inscription|s'inscrire|favoris|comparer|filtrer|trier|actualiser|copier|passer|quitter|langue|notifications|messages|carte|itinéraire|postuler|réserver|faire un don|boutique|ok|accepter|refuser|confirmer",
  ),
  stopWords: list(
    "le|la|les|l'|un|une|des|de|du|d'|et|ou|à|au|aux|en|dans|sur|pour|par|avec|notre|nos|votre|vos|mon|ma|mes|ce|cette|ces|est|sont|ici|cliquez|lien|bouton|icône|image|logo|photo|flèche|symbole",
  ),
};
