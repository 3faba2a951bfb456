import type { Lexicon } from './lexicon';
import { list, pattern } from './lexicon';

const IMAGE = 'imagem|foto|fotografia|ilustração|ilustracao|desenho';
// "foto de perfil" is a profile photo, "imagem de marca" a brand image: real subjects.
const NOT_A_SUBJECT = String.raw`(?!\s*(?:marca|grupo|família|familia|perfil|capa|casamento|formatura)\b)`;

export const pt: Lexicon = {
  tag: 'pt',
  name: 'Portuguese',
  articles: list('uma|um|a|o|esta|este|essa|minha|nossa'),
  imageWords: list(
    'imagem de capa|foto de capa|imagem principal|imagem da galeria|imagem do carrossel|imagem do artigo|imagem de cabeçalho|foto do produto|imagem de produto|imagem do produto|imagem destacada|imagem|foto|fotografia|ilustração|ilustracao|ícone|icone|logo|logotipo|gráfico|grafico|figura|desenho|miniatura|banner|captura de tela|captura de ecrã|imagem destacada',
  ),
  placeholders: list(
    'imagem gerada por ia|imagem gerada com ia|gerada por ia|imagem criada por ia|imagem gerada por inteligência artificial|imagem retirada da internet|imagem tirada da internet|foto retirada da internet|imagem da internet|foto da internet|imagem retirada da web|imagem da web|imagem para fins ilustrativos|foto para fins ilustrativos|para fins ilustrativos|imagem de caráter ilustrativo|imagem de referência|foto de referência|imagem meramente ilustrativa|foto meramente ilustrativa|imagem ilustrativa|foto ilustrativa|descrição da imagem aqui|texto alternativo aqui|imagem não disponível|sem imagem|foto não disponível|clique para ampliar|clique na imagem para ampliar|toque para ampliar|imagem em breve|imagem padrão|imagem de teste|imagem temporária|imagem provisória|a preencher|a completar|imagem ilustrativa|foto ilustrativa|imagem de arquivo|foto de arquivo|imagem de exemplo|imagem meramente ilustrativa|sem título|sem titulo|sem nome|espaço reservado|descrição|descricao|descrição da imagem|texto alternativo|legenda|imagens|fotos|sem imagem|imagem indisponível|espaçador|separador|decoração|imagem decorativa|fundo|imagem de fundo',
  ),
  redundantOpenings: [
    pattern(
      String.raw`^(?:(?:esta é|isto é|aqui está)\s+)?(?:(?:uma|a|esta)\s+)?(?:${IMAGE})\s+(?:de|do|da|dos|das|mostrando|que mostra|com)\b${NOT_A_SUBJECT}`,
    ),
    pattern(String.raw`^(?:${IMAGE})\s*:`),
    pattern(String.raw`^(?:na|nesta)\s+(?:imagem|foto|fotografia|ilustração)\b`),
  ],
  labels: list(
    'legenda|título|titulo|cabeçalho|subtítulo|descrição|descricao|descrição da imagem|texto alternativo|alt|crédito|créditos|nome do arquivo|arquivo|ficheiro',
  ),
  instructions: [
    // "For illustration purposes only": a disclaimer about the picture, not what it shows (F30).
    pattern(String.raw`^(?:(?:a\s+)?(?:imagem|foto)\s+(?:é\s+)?)?(?:(?:para|com)\s+fins\s+ilustrativos|(?:meramente|apenas)\s+ilustrativa|de referência)$`),
    // "Click to enlarge" and its kin: an instruction, never what the image shows (F30).
    pattern(String.raw`^(?:clique|clica|toque|carregue)\s*(?:aqui\s*)?(?:(?:na|sobre a)\s+(?:imagem|foto|miniatura)\s*)?(?:para\s+(?:ampliar|aumentar|ver em tamanho maior|ver maior))?$`),
    // Stand-in text: the alternative said to come later, be missing or go here (issue 34).
    pattern(String.raw`^(?:o\s+|a\s+)?(?:texto alternativo|texto alt|descrição(?: da imagem| da foto)?|legenda|imagem|foto)\s+(?:aqui|em breve|pendente|a completar|por completar|a definir|a adicionar|em falta)$`),
    // Template text in the order this language's editors write it (issue 34).
    pattern(String.raw`^(?:por favor,?\s+)?(?:insira|inserir|digite|digitar|adicione|adicionar|escreva|escrever)\s+(?:aqui\s+)?(?:o\s+|a\s+|uma?\s+)?(?:texto alternativo|texto alt|descrição(?:\s+da\s+imagem)?|legenda)(?:\s+aqui)?$`),
    pattern(String.raw`^(?:descrever|descreva|descreve)(?:\s+(?:a|esta|uma)\s+(?:${IMAGE}))?(?:\s|$)`),
    pattern(
      String.raw`^(?:adicione|adicionar|insira|inserir|escreva|escrever|digite|introduza)\s+(?:(?:um|uma|o|a|seu|sua)\s+)?(?:texto alternativo|descrição|descricao|legenda)\b`,
    ),
    pattern(String.raw`^(?:texto alternativo|descrição|descricao)\s+aqui$`),
    pattern(String.raw`\búnico conteúdo de um (?:link|botão)\b`),
    pattern(String.raw`^(?:aqui está|eis)\s+(?:o|a|um|uma)\s+(?:texto alternativo|descrição)\b`),
    pattern(String.raw`^(?:desculpe|lamento)\b.{0,40}\bnão (?:posso|consigo)\b`),
    pattern(String.raw`^clique\s+aqui$`),
  ],
  actions: list(
    'pesquisar|pesquisa|buscar|busca|procurar|fechar|menu|próximo|próxima|seguinte|anterior|voltar|início|página inicial|topo|voltar ao topo|abrir|mostrar|ocultar|compartilhar|partilhar|baixar|descarregar|download|imprimir|reproduzir|tocar|pausar|pausa|parar|enviar|comprar|encomendar|carrinho|cesto|adicionar|adicionar ao carrinho|remover|excluir|apagar|editar|salvar|guardar|cancelar|continuar|mais|saiba mais|leia mais|ver|assistir|ouvir|inscrever|inscreva-se|assinar|seguir|contato|contacto|fale conosco|ligar|ajuda|configurações|definições|perfil|conta|minha conta|entrar|login|iniciar sessão|sair|cadastrar|cadastre-se|registar|favoritos|comparar|filtrar|ordenar|atualizar|copiar|pular|idioma|notificações|mensagens|mapa|como chegar|reservar|doar|loja|ok|aceitar|recusar|confirmar',
  ),
  stopWords: list(
    'o|a|os|as|um|uma|de|do|da|dos|das|e|ou|em|no|na|para|por|com|nosso|nossa|seu|sua|este|esta|é|são|aqui|clique|link|botão|ícone|imagem|logo|foto|seta|símbolo',
  ),
};
