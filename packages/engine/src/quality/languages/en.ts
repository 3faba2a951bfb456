import type { Lexicon } from './lexicon';
import { list, pattern } from './lexicon';

const IMAGE = 'image|picture|photo|photograph|pic|graphic|illustration|drawing';

export const en: Lexicon = {
  tag: 'en',
  name: 'English',
  articles: list('a|an|the|this|my|our|your'),
  imageWords: list(
    'gallery image|slider image|slide image|carousel image|cover photo|cover picture|main image|main photo|product photo|product picture|featured photo|post image|post thumbnail|article image|blog image|header photo|banner image|hero banner|image|img|photo|photograph|picture|pic|graphic|icon|logo|illustration|figure|fig|screenshot|drawing|thumbnail|banner|clipart|clip art|artwork|visual|asset|media|stock photo|hero image|featured image|header image|cover image|product image|image placeholder|placeholder image|photo placeholder',
  ),
  placeholders: list(
    'image from the internet|image from the web|photo from the internet|image found online|image from google|google image|representative image|representative photo|representative picture|symbolic picture|symbolic photo|illustrative photo|illustrative picture|generic image|generic photo|alt text placeholder|alt placeholder|image placeholder text|no image available|image not available|no photo|no photo available|image coming soon|photo coming soon|image to follow|photo to follow|new image|default image|dummy image|test image|demo image|image here|photo here|your image here|image goes here|click to enlarge|click to zoom|click to view larger|click to view larger image|click for larger image|click for a larger image|click image to enlarge|click on the image to enlarge|click on image to enlarge|tap to enlarge|to be completed|to be added|to come|tbc|stock photo|stock image|sample image|example image|illustrative image|symbolic image|file photo|image alt text|photo alt text|alt text|placeholder|untitled|untitled design|unnamed|no title|no name|blank|none|default|empty|n/a|images|photos|pictures|icons|graphics|no image|image not found|image unavailable|missing image|broken image|spacer|pixel|transparent pixel|tracking pixel|divider|separator|decoration|decorative|decorative image|ornament|background|background image|bg',
  ),
  redundantOpenings: [
    pattern(
      String.raw`^(?:(?:this is|here is|here's)\s+)?(?:(?:an?|the|this)\s+)?(?:${IMAGE})\s+(?:of|showing|depicting|shows|that shows|which shows)\b(?!\s+the\s+(?:day|week|month|year)\b)`,
    ),
    pattern(String.raw`^(?:${IMAGE})\s*:`),
    pattern(String.raw`^(?:in\s+)?(?:the|this)\s+(?:${IMAGE})\s+(?:shows|depicts|contains)\b`),
    pattern(String.raw`^in\s+(?:the|this)\s+(?:${IMAGE}),?\s`),
  ],
  labels: list(
    'caption|image caption|photo caption|title|image title|heading|section heading|section title|subheading|sub-heading|headline|description|image description|photo description|alt|alt text|alt-text|alttext|alt tag|alternative text|alt attribute|image alt|img alt|label|tooltip|figcaption|hero|hero image|placeholder|filename|file name|src|credit|photo credit|image credit',
  ),
  instructions: [
    // "For illustration purposes only": a disclaimer about the picture, not what it shows (F30).
    pattern(String.raw`^(?:(?:the\s+|this\s+)?(?:image|photo|picture|photograph)\s+(?:is\s+)?(?:shown\s+|used\s+)?)?(?:(?:for|as)\s+(?:an?\s+)?)?(?:illustration|illustrative|representation(?:al)?|reference|display)(?:\s+purposes?)?\s+only$`),
    pattern(String.raw`^(?:(?:the\s+|this\s+)?(?:image|photo|picture)\s+(?:is\s+)?)?(?:for\s+)?illustrative\s+purposes(?:\s+only)?$`),
    // "Click to enlarge" and its kin: an instruction, never what the image shows (F30).
    pattern(String.raw`^(?:please\s+)?(?:click|tap)\s+(?:(?:on\s+)?(?:the\s+|this\s+)?(?:image|photo|picture|thumbnail)\s*|here\s+)?(?:(?:to|for)\s+(?:(?:view|see|open)\s+)?(?:(?:a|the)\s+)?(?:enlarge|zoom|larger|bigger|full[\s-]?size)\b.*)?$`),
    // Stand-in text: the alternative said to come later, be missing or go here (issue 34).
    pattern(String.raw`^(?:the\s+)?(?:alt(?:ernative)?[\s-]?text|image description|description|caption|image|photo|picture)\s+(?:to follow|coming soon|to be (?:added|written|provided|confirmed)|tba|tbc|tbd|todo|wip|needed|required|pending(?: review)?|not (?:set|provided|available|found)|missing|later)$`),
    pattern(String.raw`^describe$`),
    pattern(
      String.raw`^(?:please\s+)?describe\s+(?:the|this|that|an?|your|each)\s+(?:image|picture|photo|graphic|figure|illustration|icon|screenshot)\b`,
    ),
    // "Add caption" alone is a real button; "add a caption for this image" is an instruction.
    pattern(
      String.raw`^(?:please\s+)?(?:write|generate|create|provide|add|enter|insert|type)\s+(?:(?:an?|the|some|your)\s+)?(?:alt(?:ernative)?[\s-]?text|image description)(?:\s+(?:for|of|here|below)\b|$)`,
    ),
    pattern(
      String.raw`^(?:please\s+)?(?:write|generate|create|provide|add|enter|insert|type)\s+(?:(?:an?|the|some|your)\s+)?(?:description|caption)\s+(?:for|of|here|below)\b`,
    ),
    pattern(String.raw`\bonly content of (?:a|the|this) (?:link|button)\b`),
    pattern(
      String.raw`^(?:here is|here's|below is)\s+(?:(?:the|an?|your|my)\s+)?(?:alt(?:ernative)?[\s-]?text|image description|description|caption)\b`,
    ),
    pattern(String.raw`^(?:i'?m|i am)\s+sorry\b.{0,40}\b(?:can'?t|cannot|unable|not able)\b`),
    pattern(String.raw`^as an ai\b`),
    pattern(
      String.raw`^i (?:can'?t|cannot|am unable to|am not able to)\s+(?:see|view|describe|identify|help|access|process|determine)\b`,
    ),
    pattern(String.raw`^(?:you are|act as)\s+an?\s+(?:accessibility|alt[\s-]?text|screen reader)\b`),
    pattern(String.raw`^(?:click|tap)\s+here$`),
  ],
  actions: list(
    'search|find|close|dismiss|menu|navigation|next|previous|prev|back|go back|forward|home|homepage|start|top|back to top|open|expand|collapse|show|hide|share|download|upload|print|play|pause|stop|mute|unmute|volume|fullscreen|full screen|zoom|enlarge|submit|send|buy|order|checkout|check out|add|remove|delete|edit|save|cancel|continue|more|read more|learn more|view|watch|listen|subscribe|follow|like|comment|reply|contact|contact us|email|e-mail|call|phone|chat|help|support|faq|settings|preferences|profile|account|login|log in|logout|log out|sign in|sign out|sign up|register|join|cart|basket|bag|wishlist|favourites|favorites|compare|filter|sort|refresh|reload|undo|redo|copy|skip|exit|quit|language|notifications|messages|inbox|map|directions|apply|book|reserve|donate|shop|go|ok|accept|decline|agree|confirm|toggle|select|choose|scroll|rss|feed|podcast|newsletter',
  ),
  stopWords: list(
    'a|an|the|of|to|and|or|in|on|at|for|with|by|from|our|your|my|this|that|these|those|is|are|be|it|its|as|into|over|under|here|there|click|link|button|icon|image|logo|graphic|picture|photo|arrow|symbol',
  ),
};
