package br.com.lojaapi.gateway.notafiscal;

import br.com.lojaapi.command.notafiscal.LeituraFiscal;
import br.com.lojaapi.command.notafiscal.NotasFiscaisDoPedido;
import br.com.lojaapi.command.notafiscal.NotasFiscaisDoPedido.NotaRecebida;
import br.com.lojaapi.coreapi.comum.CarimboDeListaQuery;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.loja.BuscarLojaQuery;
import br.com.lojaapi.coreapi.loja.LojaView;
import br.com.lojaapi.coreapi.notafiscal.ArquivoFiscal;
import br.com.lojaapi.coreapi.notafiscal.BuscarNotaFiscalQuery;
import br.com.lojaapi.coreapi.notafiscal.ContextoDoPedido;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import br.com.lojaapi.coreapi.notafiscal.ListarNotasFiscaisQuery;
import br.com.lojaapi.coreapi.notafiscal.NotaFiscalView;
import br.com.lojaapi.coreapi.pedido.PedidoView;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.anexo.PartesDoEnvio;
import br.com.lojaapi.gateway.anexo.RecursosDeAnexos;
import br.com.lojaapi.gateway.anexo.Removida;
import br.com.lojaapi.gateway.anexo.TipoDeAnexo;
import br.com.lojaapi.command.anexo.ArquivosPrivados;
import br.com.lojaapi.gateway.objetos.DownloadPrivado;
import br.com.lojaapi.gateway.web.PreCondicao;
import br.com.lojaapi.gateway.web.RespostaCondicional;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.core.io.InputStreamResource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Tax invoices of an order: the same POST takes a raw XML, a multipart form or JSON, and creates, updates or
 * cancels according to what the XML is. Files go to object storage before the command; the order never changes.
 */
@RestController
@RequestMapping("/v1/pedidos/{pedidoId}/notas-fiscais")
@Tag(name = "Notas fiscais")
class NotaFiscalController {

    static final String NAO_ENCONTRADA = "Nota fiscal não encontrada";

    private final NotasFiscaisDoPedido notas;
    private final RecursosDeAnexos anexos;
    private final QueryGateway consultas;
    private final TipoDeAnexo<NotaFiscalView, NotaFiscalJson> tipo;

    NotaFiscalController(NotasFiscaisDoPedido notas, RecursosDeAnexos anexos, QueryGateway consultas) {
        this.notas = notas;
        this.anexos = anexos;
        this.consultas = consultas;
        this.tipo = new TipoDeAnexo<>("notas-fiscais", NAO_ENCONTRADA,
                "O arquivo foi substituído ou removido agora há pouco; consulte a nota de novo",
                ModeloLeitura.NOTA_FISCAL, CarimboQuery.Alvo.NOTA_FISCAL, CarimboDeListaQuery.Lista.NOTAS_FISCAIS,
                NotaFiscalView.class, ListarNotasFiscaisQuery::new, BuscarNotaFiscalQuery::new,
                (v, acao) -> NotaFiscalJson.de(v.nota(), v.versao(), acao), notas);
    }

    @Schema(name = "ListaDeNotasFiscais")
    record Lista(List<NotaFiscalJson> notasFiscais) {
    }

    @PostMapping(consumes = {"application/xml", "text/xml"}, produces = "application/json")
    @Operation(operationId = "enviarNotaFiscal",
            summary = "Vincula, atualiza ou cancela uma nota fiscal (XML no corpo)",
            description = """
                    NF-e/NFC-e (nfeProc ou NFe), NFS-e ABRASF (CompNfse) ou o evento de cancelamento \
                    homologado (110111/110112). 201 quando cria; 200 quando atualiza ou cancela.""")
    @ApiResponse(responseCode = "201", description = "Criada (acao criada)",
            content = @Content(schema = @Schema(implementation = NotaFiscalJson.class)))
    @ApiResponse(responseCode = "200", description = "Atualizada ou cancelada (acao atualizada ou cancelada)",
            content = @Content(schema = @Schema(implementation = NotaFiscalJson.class)))
    @ApiResponse(responseCode = "400", description = """
            Não é NF-e/NFC-e/NFS-e, não autorizada, chave inválida, \
            arquivo vazio, PDF inválido, XML de transporte, carta de correção ou outro evento""")
    @ApiResponse(responseCode = "404", description = "Pedido não encontrado, ou cancelamento de nota não enviada")
    @ApiResponse(responseCode = "409", description = "Chave vinculada a outro pedido, ou pedido com 20 notas")
    @ApiResponse(responseCode = "413", description = "XML acima de 2 MiB ou PDF acima de 5 MiB")
    @ApiResponse(responseCode = "415", description = "Content-Type que não é XML, multipart ou JSON")
    @io.swagger.v3.oas.annotations.parameters.RequestBody(content = {
            @Content(mediaType = "application/xml", schema = @Schema(type = "string", format = "binary"))})
    ResponseEntity<Object> receberXml(LojaAtual loja, @PathVariable String pedidoId,
                                      HttpServletRequest requisicao) throws IOException {
        return receber(loja, pedidoId, EntradaFiscal.doXml(PartesDoEnvio.corpo(requisicao, EntradaFiscal.XML_MAXIMO)));
    }

    @PostMapping(consumes = "multipart/form-data", produces = "application/json")
    @Operation(operationId = "enviarNotaFiscal",
            summary = "Vincula uma nota fiscal (multipart)",
            description = """
                    Partes xml e pdf, ou até duas partes fiscal_document (um XML e um PDF, tipo detectado \
                    pelo conteúdo); campo chave para anexar só o PDF a uma nota já enviada. Mesmas respostas \
                    do envio em XML.""")
    ResponseEntity<Object> receberMultipart(LojaAtual loja, @PathVariable String pedidoId,
                                            HttpServletRequest requisicao) throws IOException, ServletException {
        return receber(loja, pedidoId, EntradaFiscal.doMultipart(requisicao.getParts()));
    }

    @PostMapping(consumes = "application/json", produces = "application/json")
    @Operation(operationId = "enviarNotaFiscal",
            summary = "Vincula uma nota fiscal (JSON)",
            description = """
                    xml (texto) ou xmlBase64, pdfBase64 opcional; sem XML, chave (com numero e serie \
                    opcionais) registra só os metadados, e chave com pdfBase64 anexa o PDF à nota dessa chave. \
                    Mesmas respostas do envio em XML.""")
    ResponseEntity<Object> receberJson(LojaAtual loja, @PathVariable String pedidoId,
                                       @RequestBody CorpoDeNotaFiscal corpo) {
        return receber(loja, pedidoId, EntradaFiscal.doJson(corpo));
    }

    @GetMapping(produces = "application/json")
    @Operation(operationId = "listarNotasFiscaisDoPedido",
            summary = "Lista as notas fiscais do pedido", description = "Em ordem de vínculo.")
    @ApiResponse(responseCode = "200", description = "As notas",
            content = @Content(schema = @Schema(implementation = Lista.class)))
    @ApiResponse(responseCode = "404", description = "Pedido não encontrado")
    ResponseEntity<Lista> listar(LojaAtual loja, RespostaCondicional condicional, @PathVariable String pedidoId) {
        return anexos.listar(tipo, loja, condicional, pedidoId, Lista::new);
    }

    @GetMapping("/{notaId}")
    @Operation(operationId = "lerNotaFiscalDoPedido",
            summary = "Uma nota fiscal, ou um dos seus arquivos",
            description = """
                    Sem arquivo: o JSON da nota. Com arquivo=xml, pdf ou xml-cancelamento: o arquivo \
                    (anexo; inline=1 para abrir no navegador).""")
    @ApiResponse(responseCode = "200", description = "A nota, ou o arquivo (application/xml ou application/pdf)",
            content = {@Content(mediaType = "application/json",
                                schema = @Schema(implementation = NotaFiscalJson.class)),
                       @Content(mediaType = "application/xml", schema = @Schema(type = "string", format = "binary")),
                       @Content(mediaType = "application/pdf", schema = @Schema(type = "string", format = "binary"))})
    @ApiResponse(responseCode = "400", description = "arquivo ou inline inválido")
    @ApiResponse(responseCode = "404", description = "Nota não encontrada no pedido, ou a nota não tem o arquivo")
    ResponseEntity<?> buscar(LojaAtual loja, RespostaCondicional condicional, @PathVariable String pedidoId,
                             @PathVariable String notaId,
                             @Parameter(schema = @Schema(allowableValues = {"xml", "pdf", "xml-cancelamento"}))
                             @RequestParam(required = false) String arquivo,
                             @Parameter(schema = @Schema(allowableValues = {"0", "1"}))
                             @RequestParam(required = false) String inline) {
        boolean abrir = DownloadPrivado.chave(inline, "inline");
        if (arquivo != null && !List.of("xml", "pdf", "xml-cancelamento").contains(arquivo)) {
            throw ErroDeNegocio.invalido("arquivo: use xml, pdf ou xml-cancelamento");
        }
        if (arquivo == null) {
            return anexos.json(tipo, loja, condicional, pedidoId, notaId);
        }
        return baixar(anexos.exigir(tipo, loja, pedidoId, notaId).nota(), arquivo, abrir);
    }

    @DeleteMapping(path = "/{notaId}", produces = "application/json")
    @Operation(operationId = "removerNotaFiscalDoPedido",
            summary = "Desvincula a nota do pedido e apaga seus arquivos",
            description = "Nada é cancelado na SEFAZ ou na prefeitura.")
    @ApiResponse(responseCode = "200", description = "Removida",
            content = @Content(schema = @Schema(implementation = Removida.class)))
    @ApiResponse(responseCode = "404", description = "Nota não encontrada no pedido")
    ResponseEntity<Object> remover(LojaAtual loja, @PathVariable String pedidoId,
                                   @PathVariable String notaId, PreCondicao condicao) {
        return anexos.remover(tipo, loja, pedidoId, notaId, condicao);
    }

    private ResponseEntity<Object> receber(LojaAtual loja, String pedidoId, EntradaFiscal entrada) {
        LeituraFiscal leitura = entrada.ler();
        return anexos.receber(tipo, loja, pedidoId, (pedido, guarda, novoId, agora) -> {
            ContextoDoPedido contexto = new ContextoDoPedido(pedido.numero(), cnpjDaLoja(loja.lojaId()),
                    documentoDoCliente(pedido), pedido.total());
            ArquivoFiscal xml = entrada.xml() == null ? null
                    : fiscal(guarda.guardar(entrada.xml(), "xml", "application/xml"));
            ArquivoFiscal pdf = entrada.pdf() == null ? null
                    : fiscal(guarda.guardar(entrada.pdf(), "pdf", "application/pdf"));
            NotaRecebida recebida = new NotaRecebida(loja.lojaId(), pedidoId, novoId, contexto, leitura,
                    entrada.chave(), entrada.numero(), entrada.serie(), xml, pdf, agora);
            return () -> notas.enviar(recebida);
        });
    }

    private static ArquivoFiscal fiscal(ArquivosPrivados.Guardado guardado) {
        return new ArquivoFiscal(guardado.objeto(), guardado.tamanho(), guardado.sha256());
    }

    private ResponseEntity<InputStreamResource> baixar(EstadoDaNota nota, String arquivo, boolean abrir) {
        ArquivoFiscal escolhido = switch (arquivo) {
            case "xml" -> nota.xml();
            case "pdf" -> nota.pdf();
            default -> nota.xmlCancelamento();
        };
        if (escolhido == null) {
            throw ErroDeNegocio.naoEncontrado(Map.of("xml", "A nota não tem XML", "pdf", "A nota não tem PDF (DANFE)",
                    "xml-cancelamento", "A nota não tem XML de cancelamento").get(arquivo));
        }
        String base = nota.dados().chave() != null ? nota.dados().chave()
                : "nfse-" + nota.dados().numero() + "-" + nota.dados().codigoVerificacao();
        String nome = switch (arquivo) {
            case "xml" -> base + ".xml";
            case "pdf" -> base + ".pdf";
            default -> base + "-cancelamento.xml";
        };
        return anexos.baixar(tipo, escolhido.objeto(), escolhido.tamanho(),
                "pdf".equals(arquivo) ? MediaType.APPLICATION_PDF : MediaType.APPLICATION_XML, nome, abrir);
    }

    private String cnpjDaLoja(String lojaId) {
        return consultas.query(new BuscarLojaQuery(lojaId), ResponseTypes.optionalInstanceOf(LojaView.class)).join()
                        .map(l -> l.dados().cnpj()).orElse(null);
    }

    /** The customer snapshot of the order; the registered customer's document when the snapshot has none. */
    private static String documentoDoCliente(PedidoView pedido) {
        if (pedido.cliente() != null && pedido.cliente().documento() != null) {
            return pedido.cliente().documento();
        }
        return pedido.clienteRegistrado() == null ? null : pedido.clienteRegistrado().documento();
    }
}
