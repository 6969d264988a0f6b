package br.com.lojaapi.gateway.rotulo;

import br.com.lojaapi.coreapi.comum.CodigoErro;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.loja.LojaView;
import br.com.lojaapi.coreapi.pedido.PedidoView;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.query.rotulo.ConteudoDoRotulo;
import br.com.lojaapi.query.rotulo.Rotulo;
import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import static br.com.lojaapi.gateway.rotulo.ParametrosDoRotulo.VOLUMES;

/**
 * The store's own shipping labels, drawn from the order and the store's registration: one order (GET) or many at
 * once (batch). Nothing is stored: a label is drawn again at every request, so it always shows the order as it is
 * now (a tracking code added later, an invoice linked later). Carrier labels, files the store uploads, are another
 * resource ({@code /pedidos/{id}/etiquetas}).
 *
 * <p>Responses never declare {@code produces}: a PDF or ZPL answer sets its own Content-Type and an error is JSON,
 * whatever the client accepts, so no request fails content negotiation.
 */
@RestController
@Tag(name = "Etiquetas")
class RotuloController {

    static final int PEDIDOS_POR_LOTE = 100;
    static final int ROTULOS_POR_LOTE = 200;

    private static final String PEDIDO_DO_LOTE = "use o id do pedido (texto) ou um objeto {id, volumes}";

    private final RotulosDaLoja rotulos;

    RotuloController(RotulosDaLoja rotulos) {
        this.rotulos = rotulos;
    }

    @Schema(name = "PedidosNaoEncontrados", description = "404 do lote: nenhuma etiqueta é gerada")
    record NaoEncontrados(String erro,
                          @Schema(description = """
                                  Cada id do lote que não é um pedido desta loja, uma vez, na ordem \
                                  enviada""") List<String> naoEncontrados) {
    }

    @GetMapping("/v1/pedidos/{id}/etiqueta")
    @Operation(operationId = "lerEtiquetaDoPedido",
            summary = "Etiqueta de envio da loja para o pedido (PDF ou ZPL)",
            description = """
                    Uma etiqueta por volume (Volume N/total): número do pedido com Code 128, QR code com \
                    urlRastreio (ou a página do pedido na vitrine), destinatário com CEP, telefone e referência, \
                    forma de entrega, código de rastreio, nota fiscal autorizada, peso (só quando todos os itens \
                    têm peso), conteúdo com variações e o remetente (dados da loja). PDF abre no navegador \
                    (inline=0 para anexo); zpl é sempre anexo. dpi é conferido sempre, mas só muda o zpl: o PDF \
                    é vetorial.""")
    @ApiResponse(responseCode = "200", description = "As etiquetas: etiqueta-pedido-{numero}.pdf ou .zpl",
            content = {@Content(mediaType = "application/pdf", schema = @Schema(type = "string", format = "binary")),
                    @Content(mediaType = "text/plain", schema = @Schema(type = "string",
                            description = "ZPL em UTF-8, um bloco ^XA...^XZ por volume"))})
    @ApiResponse(responseCode = "400", description = """
            tamanho, formato, dpi, volumes, itens ou inline inválido; \
            zpl com a4""")
    @ApiResponse(responseCode = "404", description = "Pedido não encontrado nesta loja")
    ResponseEntity<byte[]> rotulo(LojaAtual loja, @PathVariable String id,
                                  @Parameter(schema = @Schema(allowableValues = {"10x15", "a4"},
                                          defaultValue = "10x15"), description = "a4: quatro etiquetas por folha")
                                  @RequestParam(required = false) String tamanho,
                                  @Parameter(schema = @Schema(type = "integer", minimum = "1", maximum = "50",
                                          defaultValue = "1"), description = "Uma etiqueta por volume")
                                  @RequestParam(required = false) String volumes,
                                  @Parameter(schema = @Schema(allowableValues = {"0", "1"}, defaultValue = "1"),
                                          description = "0 omite a lista de conteúdo")
                                  @RequestParam(required = false) String itens,
                                  @Parameter(schema = @Schema(allowableValues = {"0", "1"}, defaultValue = "1"),
                                          description = "0 devolve o PDF como anexo")
                                  @RequestParam(required = false) String inline,
                                  @Parameter(schema = @Schema(allowableValues = {"pdf", "zpl"},
                                          defaultValue = "pdf"), description = "zpl só com tamanho 10x15")
                                  @RequestParam(required = false) String formato,
                                  @Parameter(schema = @Schema(allowableValues = {"203", "300"},
                                          defaultValue = "203"), description = "Resolução da impressora (zpl)")
                                  @RequestParam(required = false) String dpi) {
        Impressao impressao = Impressao.de(tamanho, formato, dpi);
        int quantos = ParametrosDoRotulo.volumes(volumes);
        boolean comItens = ParametrosDoRotulo.simOuNao(itens, true, ParametrosDoRotulo.ITENS);
        boolean abrir = ParametrosDoRotulo.simOuNao(inline, true, ParametrosDoRotulo.INLINE);
        ConteudoDoRotulo conteudo = rotulos.doPedido(loja.lojaId(), id, comItens);
        return impressao.arquivo(volumes(conteudo, quantos), "etiqueta-pedido-" + conteudo.numero(), abrir);
    }

    @PostMapping(path = "/v1/etiquetas/lote", consumes = "application/json")
    @Operation(operationId = "gerarEtiquetasEmLote",
            summary = "Etiquetas de envio da loja para vários pedidos num só arquivo",
            description = """
                    Na ordem enviada; um pedido repetido sai de novo. Até 100 pedidos e 200 etiquetas. \
                    Se algum pedido não existe nesta loja, nada é gerado: 404 com a lista naoEncontrados. \
                    PDF como anexo (inline=1 abre no navegador) ou, com formato zpl, um .zpl com todas.""")
    @ApiResponse(responseCode = "200", description = "etiquetas-lote.pdf ou etiquetas-lote.zpl",
            content = {@Content(mediaType = "application/pdf", schema = @Schema(type = "string", format = "binary")),
                    @Content(mediaType = "text/plain", schema = @Schema(type = "string",
                            description = "ZPL em UTF-8, um bloco ^XA...^XZ por etiqueta"))})
    @ApiResponse(responseCode = "400", description = """
            pedidos vazio ou com elemento inválido (com indice), mais de \
            100 pedidos ou de 200 etiquetas, volumes fora de 1 a 50, tamanho, formato, dpi ou itens inválido, \
            zpl com a4""")
    @ApiResponse(responseCode = "404", description = "Pedidos que não existem nesta loja",
            content = @Content(mediaType = "application/json",
                    schema = @Schema(implementation = NaoEncontrados.class)))
    ResponseEntity<byte[]> lote(LojaAtual loja, @RequestBody CorpoDoLote corpo,
                                @Parameter(schema = @Schema(allowableValues = {"0", "1"}, defaultValue = "0"),
                                        description = "1 abre o PDF no navegador")
                                @RequestParam(required = false) String inline) {
        boolean abrir = ParametrosDoRotulo.simOuNao(inline, false, ParametrosDoRotulo.INLINE);
        Impressao impressao = Impressao.de(
                ParametrosDoRotulo.texto(corpo.tamanho(), ParametrosDoRotulo.TAMANHOS),
                ParametrosDoRotulo.texto(corpo.formato(), ParametrosDoRotulo.FORMATOS),
                dpi(corpo.dpi()));
        int volumesPadrao = ParametrosDoRotulo.volumes(corpo.volumes(), 1, VOLUMES, Map.of());
        boolean comItens = ParametrosDoRotulo.booleano(corpo.itens(), true, ParametrosDoRotulo.ITENS_JSON);
        List<RotulosDoPedido> pedidos = pedidos(corpo.pedidos(), volumesPadrao);

        Map<String, Optional<PedidoView>> lidos = new HashMap<>();
        LinkedHashSet<String> naoEncontrados = new LinkedHashSet<>();
        for (RotulosDoPedido pedido : pedidos) {
            if (lidos.computeIfAbsent(pedido.id(), id -> rotulos.pedido(loja.lojaId(), id)).isEmpty()) {
                naoEncontrados.add(pedido.id());
            }
        }
        if (!naoEncontrados.isEmpty()) {
            throw new ErroDeNegocio(CodigoErro.NAO_ENCONTRADO, naoEncontrados.size() == 1
                    ? "Um pedido do lote não existe nesta loja (naoEncontrados); nenhuma etiqueta foi gerada"
                    : naoEncontrados.size() + " pedidos do lote não existem nesta loja (naoEncontrados); nenhuma "
                            + "etiqueta foi gerada",
                    Map.of("naoEncontrados", List.copyOf(naoEncontrados)));
        }

        LojaView daLoja = rotulos.loja(loja.lojaId());
        Map<String, ConteudoDoRotulo> conteudos = new HashMap<>();
        List<Rotulo> lote = new ArrayList<>();
        for (RotulosDoPedido pedido : pedidos) {
            ConteudoDoRotulo conteudo = conteudos.computeIfAbsent(pedido.id(),
                    id -> rotulos.conteudo(lidos.get(id).orElseThrow(), daLoja, comItens));
            lote.addAll(volumes(conteudo, pedido.volumes()));
        }
        return impressao.arquivo(lote, "etiquetas-lote", abrir);
    }

    /** One element of {@code pedidos}, read: the order id as sent and how many labels it gets. */
    private record RotulosDoPedido(String id, int volumes) {
    }

    /**
     * The elements in order, each a string or {@code {id, volumes}}; any other element is a 400 with its
     * {@code indice}, like the other batches. The limits come first, so an oversized batch is refused unread.
     */
    private static List<RotulosDoPedido> pedidos(List<CorpoDoLote.Elemento> pedidos, int volumesPadrao) {
        if (pedidos == null) {
            throw ErroDeNegocio.invalido("pedidos: envie uma lista de pedidos, cada um o id (texto) ou {id, volumes}");
        }
        if (pedidos.isEmpty()) {
            throw ErroDeNegocio.invalido("pedidos: envie ao menos um pedido");
        }
        if (pedidos.size() > PEDIDOS_POR_LOTE) {
            throw ErroDeNegocio.invalido("O lote aceita até " + PEDIDOS_POR_LOTE + " pedidos (" + pedidos.size()
                    + " enviados): divida em lotes menores");
        }
        List<RotulosDoPedido> lidos = new ArrayList<>();
        int total = 0;
        for (int i = 0; i < pedidos.size(); i++) {
            CorpoDoLote.Elemento elemento = pedidos.get(i);
            RotulosDoPedido pedido = pedido(elemento == null ? null : elemento.valor(), i, volumesPadrao);
            total += pedido.volumes();
            lidos.add(pedido);
        }
        if (total > ROTULOS_POR_LOTE) {
            throw ErroDeNegocio.invalido("O lote aceita até " + ROTULOS_POR_LOTE + " etiquetas (" + total
                    + " pedidas, contando os volumes): divida em lotes menores");
        }
        return lidos;
    }

    private static RotulosDoPedido pedido(JsonNode elemento, int indice, int volumesPadrao) {
        Map<String, Object> detalhes = Map.of("indice", indice);
        String nome = "pedidos[" + indice + "]";
        if (elemento != null && elemento.isTextual()) {
            return new RotulosDoPedido(id(elemento, nome, detalhes), volumesPadrao);
        }
        if (elemento == null || !elemento.isObject()) {
            throw new ErroDeNegocio(CodigoErro.INVALIDO, nome + ": " + PEDIDO_DO_LOTE, detalhes);
        }
        JsonNode id = elemento.get("id");
        if (ParametrosDoRotulo.ausente(id) || !id.isTextual()) {
            throw new ErroDeNegocio(CodigoErro.INVALIDO, nome + ".id: informe o id do pedido (texto)", detalhes);
        }
        int volumes = ParametrosDoRotulo.volumes(elemento.get("volumes"), volumesPadrao, nome + "." + VOLUMES,
                detalhes);
        return new RotulosDoPedido(id(id, nome + ".id", detalhes), volumes);
    }

    /** A blank id is a client that had no id to send, not an order to look for. */
    private static String id(JsonNode texto, String nome, Map<String, Object> detalhes) {
        if (texto.textValue().isBlank()) {
            throw new ErroDeNegocio(CodigoErro.INVALIDO, nome + ": informe o id do pedido (texto)", detalhes);
        }
        return texto.textValue();
    }

    /** dpi in the body is a JSON integer, as every number of the API: "300" is refused like 300.0. */
    private static String dpi(JsonNode dpi) {
        if (ParametrosDoRotulo.ausente(dpi)) {
            return null;
        }
        if (dpi.isIntegralNumber()) {
            return dpi.asText();
        }
        throw ErroDeNegocio.invalido(ParametrosDoRotulo.DPIS);
    }

    private static List<Rotulo> volumes(ConteudoDoRotulo conteudo, int volumes) {
        return IntStream.rangeClosed(1, volumes).mapToObj(v -> new Rotulo(conteudo, v, volumes)).toList();
    }
}
