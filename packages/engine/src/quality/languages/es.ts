import type { Lexicon } from './lexicon';
import { list, pattern } from './lexicon';

const IMAGE = 'imagen|foto|fotografía|fotografia|ilustración|dibujo';
// "imagen de marca" is a brand image, "foto de grupo" a group photo: real subjects.
const NOT_A_SUBJECT = String.raw`(?!\s*(?:marca|grupo|familia|perfil|portada|carnet|boda)\b)`;

export const es: Lexicon = {
  tag: 'es',
  name: 'Spanish',
  articles: list('una|un|la|el|esta|este|mi|nuestra'),
  imageWords: list(
    'imagen de portada|foto de portada|imagen principal|imagen de la galería|imagen del carrusel|imagen del artículo|imagen de cabecera|foto del producto|imagen de producto|imagen del producto|imagen destacada|imagen|foto|fotografía|fotografia|ilustración|icono|ícono|logo|logotipo|gráfico|grafico|figura|dibujo|miniatura|banner|captura|captura de pantalla',
  ),
  placeholders: list(
    'imagen generada por ia|imagen generada con ia|generada por ia|imagen ia|imagen creada con ia|imagen generada por inteligencia artificial|imagen sacada de internet|imagen tomada de internet|foto sacada de internet|imagen de internet|foto de internet|imagen con fines ilustrativos|foto con fines ilustrativos|con fines ilustrativos|imagen meramente ilustrativa|imagen orientativa|foto orientativa|imagen de carácter ilustrativo|imagen no contractual|foto no contractual|descripción de la imagen aquí|texto alternativo aquí|imagen no disponible|sin imagen|no hay imagen|foto no disponible|haz clic para ampliar|haga clic para ampliar|clic para ampliar|pulsa para ampliar|imagen próximamente|imagen por defecto|imagen predeterminada|imagen de prueba|imagen temporal|por completar|pendiente|imagen ilustrativa|foto ilustrativa|imagen de archivo|foto de archivo|imagen de ejemplo|imagen de referencia|sin título|sin titulo|sin nombre|marcador de posición|descripción|descripcion|descripción de la imagen|texto alternativo|leyenda|pie de foto|imágenes|fotos|espaciador|separador|decoración|imagen decorativa|fondo|imagen de fondo',
  ),
  redundantOpenings: [
    pattern(
      String.raw`^(?:(?:esta es|esto es|aquí hay)\s+)?(?:(?:una|la|esta)\s+)?(?:${IMAGE})\s+(?:de|del|que muestra|mostrando|donde se ve|en la que se ve|con)\b${NOT_A_SUBJECT}`,
    ),
    pattern(String.raw`^(?:${IMAGE})\s*:`),
    pattern(String.raw`^en\s+(?:la|esta)\s+(?:imagen|foto|fotografía|ilustración)\b`),
  ],
  labels: list(
    'pie de foto|leyenda|título|titulo|encabezado|subtítulo|descripción|descripcion|descripción de la imagen|texto alternativo|alt|información sobre herramientas|crédito|créditos|nombre de archivo|archivo',
  ),
  instructions: [
    // "For illustration purposes only": a disclaimer about the picture, not what it shows (F30).
    pattern(String.raw`^(?:(?:la\s+)?(?:imagen|foto)\s+(?:es\s+)?)?(?:(?:con|a|para)\s+(?:fines|efectos|modo)\s+ilustrativos?|(?:meramente|solo|sólo)\s+ilustrativa|de referencia|orientativa)$`),
    // "Click to enlarge" and its kin: an instruction, never what the image shows (F30).
    pattern(String.raw`^(?:haz|haga|pulsa|pulse|da)\s+(?:clic|click|un clic)\s*(?:aquí\s*)?(?:(?:en|sobre)\s+(?:la\s+)?(?:imagen|foto|miniatura)\s*)?(?:para\s+(?:ampliar(?:la)?|agrandar(?:la)?|verla en grande|ver en grande|ver más grande))?$`),
    // Stand-in text: the alternative said to come later, be missing or go here (issue 34).
    pattern(String.raw`^(?:el\s+|la\s+)?(?:texto alternativo|texto alt|descripción(?: de la imagen| de la foto)?|pie de foto|imagen|foto)\s+(?:aquí|pendiente|próximamente|por completar|por añadir|por definir|en construcción)$`),
    // Template text in the order this language's editors write it (issue 34).
    pattern(String.raw`^(?:por favor,?\s+)?(?:introduce|introduzca|escribe|escriba|añade|añada|agrega|agregue|inserta|inserte|ingresa|ingrese)\s+(?:aquí\s+)?(?:el\s+|la\s+|un\s+|una\s+)?(?:texto alternativo|texto alt|descripción(?:\s+de\s+(?:la\s+)?imagen)?|pie de foto)(?:\s+aquí)?$`),
    pattern(
      String.raw`^(?:describir|describe|describa|describe la|describa la)(?:\s+(?:la|esta|una)\s+(?:${IMAGE}))?(?:\s|$)`,
    ),
    pattern(
      String.raw`^(?:añade|añada|agrega|agregue|añadir|agregar|introduce|introduzca|escribe|escriba|inserta|inserte|ingresa|ingrese)\s+(?:(?:un|una|el|la|tu|su)\s+)?(?:texto alternativo|descripción|descripcion|leyenda|pie de foto)\b`,
    ),
    pattern(String.raw`^(?:texto alternativo|descripción|descripcion)\s+aquí$`),
    pattern(String.raw`\búnico contenido de un (?:enlace|botón)\b`),
    pattern(
      String.raw`^(?:aquí está|aquí tienes|este es)\s+(?:el|la|un|una)\s+(?:texto alternativo|descripción)\b`,
    ),
    pattern(String.raw`^(?:lo siento)\b.{0,40}\bno (?:puedo|es posible)\b`),
    pattern(String.raw`^(?:haz|haga)\s+clic\s+aquí$`),
  ],
  actions: list(
    'buscar|búsqueda|cerrar|menú|menu|siguiente|anterior|atrás|volver|inicio|página de inicio|arriba|volver arriba|abrir|mostrar|ocultar|compartir|descargar|imprimir|reproducir|pausa|pausar|detener|enviar|comprar|pedir|carrito|cesta|añadir|añadir al carrito|agregar|eliminar|borrar|editar|guardar|cancelar|continuar|más|ver más|leer más|ver|escuchar|suscribirse|suscríbete|seguir|contacto|contactar|contáctanos|llamar|ayuda|configuración|ajustes|perfil|cuenta|mi cuenta|iniciar sesión|acceder|entrar|cerrar sesión|salir|registrarse|regístrate|favoritos|comparar|filtrar|ordenar|actualizar|copiar|saltar|idioma|notificaciones|mensajes|mapa|cómo llegar|reservar|donar|tienda|aceptar|rechazar|confirmar',
  ),
  stopWords: list(
    'el|la|los|las|un|una|unos|unas|de|del|y|o|a|al|en|con|por|para|sobre|nuestro|nuestra|tu|su|mi|este|esta|es|son|aquí|clic|enlace|botón|icono|imagen|logo|foto|flecha|símbolo',
  ),
};
