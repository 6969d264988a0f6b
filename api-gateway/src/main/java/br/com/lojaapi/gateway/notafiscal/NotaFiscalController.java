package br.com.lojaapi.gateway.notafiscal;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.coreapi.anexo.ResultadoDoAnexo;
import br.com.lojaapi.command.notafiscal.LeitorFiscal;
import br.com.lojaapi.command.notafiscal.LeituraFiscal;
import br.com.lojaapi.command.notafiscal.NotasFiscaisDoPedido;
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
import br.com.lojaapi.gateway.erro.Erro;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import br.com.lojaapi.gateway.objetos.ArquivosPrivados;
import br.com.lojaapi.gateway.objetos.DownloadPrivado;
import br.com.lojaapi.gateway.pedido.PedidosDaLoja;
import br.com.lojaapi.gateway.web.Ids;
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
import org.springframework.http.HttpStatus;
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
import java.io.InputStream;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Tax invoices of an order: the same POST takes a raw XML, a multipart form or JSON, and creates, updates or
 * cancels according to what the XML is. Files go to object storage before the command; the order never changes.
 */
@RestController
@RequestMapping("/v1/pedidos/{pedidoId}/notas-fiscais")
@Tag(name = "Notas fiscais")
class NotaFiscalController {

    static final String NAO_ENCONTRADA = "Nota fiscal não encontrada";

    private final NotasFiscaisDoPedido registro;
    private final ArquivosPrivados arquivos;
    private final Comandos comandos;
    private final QueryGateway consultas;
    private final PedidosDaLoja pedidos;
    private final RespostaDeEscrita escrita;
    private final Clock relogio;

    NotaFiscalController(NotasFiscaisDoPedido registro, ArquivosPrivados arquivos, Comandos comandos,
                         QueryGateway consultas, PedidosDaLoja pedidos, RespostaDeEscrita escrita, Clock relogio) {
        this.pedidos = pedidos;
        this.registro = registro;
        this.arquivos = arquivos;
        this.comandos = comandos;
        this.consultas = consultas;
        this.escrita = escrita;
        this.relogio = relogio;
    }

    @Schema(name = "ListaDeNotasFiscais")
    record Lista(List<NotaFiscalJson> notasFiscais) {
    }

    record Removida(String id, boolean removido) {
    }

    @PostMapping(consumes = {"application/xml", "text/xml"}, produces = "application/json")
    @Operation(operationId = "enviarNotaFiscal",
            summary = "Vincula, atualiza ou cancela uma nota fiscal (XML no corpo)",
            description = "NF-e/NFC-e (nfeProc ou NFe), NFS-e ABRASF (CompNfse) ou o evento de cancelamento "
                    + "homologado (110111/110112). 201 quando cria; 200 quando atualiza ou cancela.")
    @ApiResponse(responseCode = "201", description = "Criada (acao criada)",
            content = @Content(schema = @Schema(implementation = NotaFiscalJson.class)))
    @ApiResponse(responseCode = "200", description = "Atualizada ou cancelada (acao atualizada ou cancelada)",
            content = @Content(schema = @Schema(implementation = NotaFiscalJson.class)))
    @ApiResponse(responseCode = "400", description = "Não é NF-e/NFC-e/NFS-e, não autorizada, chave inválida, "
            + "arquivo vazio, PDF inválido, XML de transporte, carta de correção ou outro evento",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "404", description = "Pedido não encontrado, ou cancelamento de nota não enviada",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "409", description = "Chave vinculada a outro pedido, ou pedido com 20 notas",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "413", description = "XML acima de 2 MiB ou PDF acima de 5 MiB",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "415", description = "Content-Type que não é XML, multipart ou JSON",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @io.swagger.v3.oas.annotations.parameters.RequestBody(content = {
            @Content(mediaType = "application/xml", schema = @Schema(type = "string", format = "binary"))})
    ResponseEntity<Object> receberXml(@Parameter(hidden = true) LojaAtual loja, @PathVariable String pedidoId,
                                      HttpServletRequest requisicao) throws IOException {
        // Read here rather than with @RequestBody: an optional body would make an empty request match every
        // handler of this path whatever its Content-Type, and an empty XML must be the XML's own 400.
        byte[] corpo = requisicao.getInputStream().readNBytes(EntradaFiscal.XML_MAXIMO + 1);
        return receber(loja, pedidoId, EntradaFiscal.doXml(corpo));
    }

    @PostMapping(consumes = "multipart/form-data", produces = "application/json")
    @Operation(operationId = "enviarNotaFiscal",
            summary = "Vincula uma nota fiscal (multipart)",
            description = "Partes xml e pdf, ou até duas partes fiscal_document (um XML e um PDF, tipo detectado "
                    + "pelo conteúdo); campo chave para anexar só o PDF a uma nota já enviada. Mesmas respostas "
                    + "do envio em XML.")
    ResponseEntity<Object> receberMultipart(@Parameter(hidden = true) LojaAtual loja, @PathVariable String pedidoId,
                                            HttpServletRequest requisicao) throws IOException, ServletException {
        return receber(loja, pedidoId, EntradaFiscal.doMultipart(requisicao.getParts()));
    }

    @PostMapping(consumes = "application/json", produces = "application/json")
    @Operation(operationId = "enviarNotaFiscal",
            summary = "Vincula uma nota fiscal (JSON)",
            description = "xml (texto) ou xmlBase64, pdfBase64 opcional; sem XML, chave (com numero e serie "
                    + "opcionais) registra só os metadados, e chave com pdfBase64 anexa o PDF à nota dessa chave. "
                    + "Mesmas respostas do envio em XML.")
    ResponseEntity<Object> receberJson(@Parameter(hidden = true) LojaAtual loja, @PathVariable String pedidoId,
                                       @RequestBody CorpoDeNotaFiscal corpo) {
        return receber(loja, pedidoId, EntradaFiscal.doJson(corpo));
    }

    @GetMapping(produces = "application/json")
    @Operation(operationId = "listarNotasFiscaisDoPedido",
            summary = "Lista as notas fiscais do pedido", description = "Em ordem de vínculo.")
    @ApiResponse(responseCode = "200", description = "As notas",
            content = @Content(schema = @Schema(implementation = Lista.class)))
    @ApiResponse(responseCode = "404", description = "Pedido não encontrado",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<Lista> listar(@Parameter(hidden = true) LojaAtual loja,
                                 @Parameter(hidden = true) RespostaCondicional condicional, @PathVariable String pedidoId) {
        Ids.exigir(pedidoId, PedidosDaLoja.NAO_ENCONTRADO);
        return condicional.recurso(new CarimboDeListaQuery(loja.lojaId(), CarimboDeListaQuery.Lista.NOTAS_FISCAIS,
                pedidoId), PedidosDaLoja.NAO_ENCONTRADO, () -> Optional.of(new Lista(consultas.query(
                        new ListarNotasFiscaisQuery(loja.lojaId(), pedidoId),
                        ResponseTypes.multipleInstancesOf(NotaFiscalView.class)).join()
                .stream().map(v -> NotaFiscalJson.de(v.nota(), v.versao(), null)).toList())));
    }

    @GetMapping("/{notaId}")
    @Operation(operationId = "lerNotaFiscalDoPedido",
            summary = "Uma nota fiscal, ou um dos seus arquivos",
            description = "Sem arquivo: o JSON da nota. Com arquivo=xml, pdf ou xml-cancelamento: o arquivo "
                    + "(anexo; inline=1 para abrir no navegador).")
    @ApiResponse(responseCode = "200", description = "A nota, ou o arquivo (application/xml ou application/pdf)",
            content = {@Content(mediaType = "application/json",
                                schema = @Schema(implementation = NotaFiscalJson.class)),
                       @Content(mediaType = "application/xml", schema = @Schema(type = "string", format = "binary")),
                       @Content(mediaType = "application/pdf", schema = @Schema(type = "string", format = "binary"))})
    @ApiResponse(responseCode = "400", description = "arquivo ou inline inválido",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "404", description = "Nota não encontrada no pedido, ou a nota não tem o arquivo",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<?> buscar(@Parameter(hidden = true) LojaAtual loja,
                             @Parameter(hidden = true) RespostaCondicional condicional, @PathVariable String pedidoId,
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
            Ids.exigir(pedidoId, NAO_ENCONTRADA);
            Ids.exigir(notaId, NAO_ENCONTRADA);
            return condicional.recurso(new CarimboQuery(loja.lojaId(), CarimboQuery.Alvo.NOTA_FISCAL, notaId, pedidoId),
                    NAO_ENCONTRADA, () -> buscar(loja.lojaId(), pedidoId, notaId)
                            .map(nota -> NotaFiscalJson.de(nota.nota(), nota.versao(), null)));
        }
        NotaFiscalView nota = buscar(loja.lojaId(), pedidoId, notaId)
                .orElseThrow(() -> ErroDeNegocio.naoEncontrado(NAO_ENCONTRADA));
        return baixar(nota.nota(), arquivo, abrir);
    }

    @DeleteMapping(path = "/{notaId}", produces = "application/json")
    @Operation(operationId = "removerNotaFiscalDoPedido",
            summary = "Desvincula a nota do pedido e apaga seus arquivos",
            description = "Nada é cancelado na SEFAZ ou na prefeitura.")
    @ApiResponse(responseCode = "200", description = "Removida",
            content = @Content(schema = @Schema(implementation = Removida.class)))
    @ApiResponse(responseCode = "404", description = "Nota não encontrada no pedido",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<Object> remover(@Parameter(hidden = true) LojaAtual loja, @PathVariable String pedidoId,
                                   @PathVariable String notaId, @Parameter(hidden = true) PreCondicao condicao) {
        Ids.exigir(pedidoId, NAO_ENCONTRADA);
        Ids.exigir(notaId, NAO_ENCONTRADA);
        ResultadoDoAnexo resultado = comandos.executar(
                () -> registro.remover(loja.lojaId(), pedidoId, notaId, relogio.instant(), condicao.versaoEsperada()),
                NAO_ENCONTRADA);
        ResponseEntity<Object> resposta = escrita.removido(ModeloLeitura.NOTA_FISCAL, loja.lojaId(), notaId,
                resultado.versao(), new Removida(notaId, true));
        arquivos.remover(resultado.objetosLivres());
        return resposta;
    }

    private ResponseEntity<Object> receber(LojaAtual loja, String pedidoId, EntradaFiscal entrada) {
        LeituraFiscal leitura = entrada.xml() == null ? null : LeitorFiscal.ler(entrada.xml());
        conferir(entrada, leitura);
        PedidoView pedido = exigirPedido(loja, pedidoId);
        ContextoDoPedido contexto = new ContextoDoPedido(pedido.numero(), cnpjDaLoja(loja.lojaId()),
                documentoDoCliente(pedido), pedido.total());
        ArquivoFiscal[] guardados = new ArquivoFiscal[2];
        List<String> objetos = new ArrayList<>();
        ResultadoDoAnexo resultado;
        try {
            if (entrada.xml() != null) {
                guardados[0] = guardar(loja, pedidoId, entrada.xml(), "xml", "application/xml", objetos);
            }
            if (entrada.pdf() != null) {
                guardados[1] = guardar(loja, pedidoId, entrada.pdf(), "pdf", "application/pdf", objetos);
            }
            NotasFiscaisDoPedido.NotaRecebida envio = new NotasFiscaisDoPedido.NotaRecebida(loja.lojaId(), pedidoId, Ids.novo(),
                    contexto, leitura, entrada.chave(), entrada.numero(), entrada.serie(), guardados[0], guardados[1],
                    relogio.instant());
            resultado = comandos.executar(() -> registro.enviar(envio), NAO_ENCONTRADA).anexo();
        } catch (RuntimeException e) {
            // Nothing refers to the files of a refused send.
            arquivos.remover(objetos);
            throw e;
        }
        boolean criada = "criada".equals(resultado.acao());
        String notaId = resultado.id();
        String acao = resultado.acao();
        ResponseEntity<Object> resposta = escrita.responder(criada ? HttpStatus.CREATED : HttpStatus.OK,
                loja.lojaId(),
                List.of(new RespostaDeEscrita.Espera(ModeloLeitura.NOTA_FISCAL, notaId, resultado.versao())), notaId,
                resultado.versao(),
                criada ? URI.create("/v1/pedidos/" + pedidoId + "/notas-fiscais/" + notaId) : null,
                () -> buscar(loja.lojaId(), pedidoId, notaId).map(v -> NotaFiscalJson.de(v.nota(), v.versao(), acao)));
        // Only once the read model names the new files: until then a download may still ask for the old ones.
        arquivos.remover(resultado.objetosLivres());
        return resposta;
    }

    private ArquivoFiscal guardar(LojaAtual loja, String pedidoId, byte[] conteudo, String extensao, String tipo,
                                  List<String> objetos) {
        ArquivosPrivados.Guardado guardado = arquivos.guardar("notas-fiscais", loja.lojaId(), pedidoId, conteudo,
                extensao, tipo);
        objetos.add(guardado.objeto());
        return new ArquivoFiscal(guardado.objeto(), guardado.tamanho(), guardado.sha256());
    }

    /** What the request says about itself must agree before anything is stored. */
    private static void conferir(EntradaFiscal entrada, LeituraFiscal leitura) {
        if (leitura == null) {
            if (entrada.chave() == null) {
                throw ErroDeNegocio.invalido(entrada.pdf() != null
                        ? "Para anexar um PDF sem XML, envie a chave de acesso da nota (chave)"
                        : "Envie o XML da nota (xml, xmlBase64, parte xml ou fiscal_document) ou, sem XML, a chave "
                                + "de acesso (chave)");
            }
            NotasFiscaisDoPedido.dadosDaChave(entrada.chave(), entrada.numero(), entrada.serie());
            return;
        }
        if (leitura instanceof LeituraFiscal.Cancelamento cancelamento) {
            if (entrada.pdf() != null) {
                throw ErroDeNegocio.invalido("O evento de cancelamento não leva PDF: envie o DANFE com a nota");
            }
            exigirMesmaChave(entrada.chave(), cancelamento.chave());
            return;
        }
        LeituraFiscal.Nota nota = (LeituraFiscal.Nota) leitura;
        if (nota.dados().chave() == null && entrada.chave() != null) {
            throw ErroDeNegocio.invalido("NFS-e não tem chave de acesso: não envie chave com ela");
        }
        exigirMesmaChave(entrada.chave(), nota.dados().chave());
        if (entrada.numero() != null && !semZerosAEsquerda(entrada.numero()).equals(nota.dados().numero())) {
            throw ErroDeNegocio.invalido("numero " + entrada.numero() + " difere do número do XML ("
                    + nota.dados().numero() + ")");
        }
        if (entrada.serie() != null && !semZerosAEsquerda(entrada.serie()).equals(nota.dados().serie())) {
            throw ErroDeNegocio.invalido("serie " + entrada.serie() + " difere da série do XML ("
                    + nota.dados().serie() + ")");
        }
    }

    private static void exigirMesmaChave(String enviada, String doXml) {
        if (enviada != null && !enviada.equals(doXml)) {
            throw ErroDeNegocio.invalido("chave " + enviada + " difere da chave do XML (" + doXml + ")");
        }
    }

    private static String semZerosAEsquerda(String texto) {
        return texto.replaceFirst("^0+(?=.)", "");
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
        // Replaced or removed between reading the invoice and reading its file: as if the read came later.
        InputStream conteudo = arquivos.ler(escolhido.objeto()).orElseThrow(() -> ErroDeNegocio.naoEncontrado(
                "O arquivo foi substituído ou removido agora há pouco; consulte a nota de novo"));
        return DownloadPrivado.responder(conteudo, escolhido.tamanho(),
                "pdf".equals(arquivo) ? MediaType.APPLICATION_PDF : MediaType.APPLICATION_XML, nome, abrir);
    }

    private Optional<NotaFiscalView> buscar(String lojaId, String pedidoId, String notaId) {
        if (!Ids.valido(pedidoId) || !Ids.valido(notaId)) {
            return Optional.empty();
        }
        return consultas.query(new BuscarNotaFiscalQuery(lojaId, pedidoId, notaId),
                ResponseTypes.optionalInstanceOf(NotaFiscalView.class)).join();
    }

    private PedidoView exigirPedido(LojaAtual loja, String pedidoId) {
        return pedidos.exigir(loja.lojaId(), pedidoId);
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
