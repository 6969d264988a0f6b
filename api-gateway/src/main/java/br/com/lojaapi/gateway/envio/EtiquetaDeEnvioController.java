package br.com.lojaapi.gateway.envio;

import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.command.anexo.AnexoEnviado;
import br.com.lojaapi.command.etiqueta.EtiquetasDeEnvioDoPedido;
import br.com.lojaapi.coreapi.anexo.ResultadoDoAnexo;
import br.com.lojaapi.coreapi.comum.CarimboDeListaQuery;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.etiqueta.ArquivoDeEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.BuscarEtiquetaQuery;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaView;
import br.com.lojaapi.coreapi.etiqueta.ListarEtiquetasQuery;
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
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Carrier labels of an order: the file the store got from its carrier (PDF or ZPL), kept and served back. The
 * same POST takes multipart, JSON or the raw file; one with a tracking code already on the order replaces that
 * label. The order's status never changes; its tracking code is taken from the first label when it has none.
 */
@RestController
@RequestMapping("/v1/pedidos/{pedidoId}/etiquetas")
@Tag(name = "Etiquetas de transportadora")
class EtiquetaDeEnvioController {

    static final String NAO_ENCONTRADA = "Etiqueta não encontrada";
    static final MediaType ZPL = new MediaType("text", "plain", StandardCharsets.UTF_8);

    private final EtiquetasDeEnvioDoPedido registro;
    private final ArquivosPrivados arquivos;
    private final Comandos comandos;
    private final QueryGateway consultas;
    private final PedidosDaLoja pedidos;
    private final RespostaDeEscrita escrita;
    private final Clock relogio;

    EtiquetaDeEnvioController(EtiquetasDeEnvioDoPedido registro, ArquivosPrivados arquivos, Comandos comandos,
                              QueryGateway consultas, PedidosDaLoja pedidos, RespostaDeEscrita escrita,
                              Clock relogio) {
        this.pedidos = pedidos;
        this.registro = registro;
        this.arquivos = arquivos;
        this.comandos = comandos;
        this.consultas = consultas;
        this.escrita = escrita;
        this.relogio = relogio;
    }

    @Schema(name = "ListaDeEtiquetas")
    record Lista(List<EtiquetaDeEnvioJson> etiquetas) {
    }

    record Removida(String id, boolean removido) {
    }

    @PostMapping(consumes = "multipart/form-data", produces = "application/json")
    @Operation(operationId = "enviarEtiquetaDeTransportadora",
            summary = "Envia uma etiqueta de transportadora (multipart)",
            description = "Parte arquivo (PDF ou ZPL, tipo detectado pelo conteúdo) e os campos transportadora, "
                    + "servico, codigoRastreio, urlRastreio e volume. Com um codigoRastreio que o pedido já tem, "
                    + "substitui aquela etiqueta (200); sem código, cada envio cria uma etiqueta, com aviso.")
    @ApiResponse(responseCode = "201", description = "Criada",
            content = @Content(schema = @Schema(implementation = EtiquetaDeEnvioJson.class)))
    @ApiResponse(responseCode = "200", description = "Substituída (mesmo codigoRastreio)",
            content = @Content(schema = @Schema(implementation = EtiquetaDeEnvioJson.class)))
    @ApiResponse(responseCode = "400", description = "Arquivo que não é PDF nem ZPL, vazio ou inválido; campo "
            + "inválido", content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "404", description = "Pedido não encontrado",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "409", description = "O pedido já tem 50 etiquetas",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "413", description = "PDF acima de 5 MiB ou ZPL acima de 1 MiB",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "415", description = "Content-Type que não é multipart, JSON, PDF ou text/plain",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<Object> receberMultipart(@Parameter(hidden = true) LojaAtual loja, @PathVariable String pedidoId,
                                            HttpServletRequest requisicao) throws IOException, ServletException {
        return receber(loja, pedidoId, EntradaDeEtiqueta.doMultipart(requisicao.getParts()));
    }

    @PostMapping(consumes = "application/json", produces = "application/json")
    @Operation(operationId = "enviarEtiquetaDeTransportadora",
            summary = "Envia uma etiqueta de transportadora (JSON)",
            description = "pdfBase64, zplBase64 ou zpl (texto), mais os campos. Mesmas respostas do multipart.")
    ResponseEntity<Object> receberJson(@Parameter(hidden = true) LojaAtual loja, @PathVariable String pedidoId,
                                       @RequestBody CorpoDeEtiqueta corpo) {
        return receber(loja, pedidoId, EntradaDeEtiqueta.doJson(corpo));
    }

    @PostMapping(consumes = {"application/pdf", "text/plain"}, produces = "application/json")
    @Operation(operationId = "enviarEtiquetaDeTransportadora",
            summary = "Envia uma etiqueta de transportadora (o arquivo como corpo)",
            description = "application/pdf para PDF, text/plain para ZPL; os campos vão na query. Mesmas respostas "
                    + "do multipart.")
    @io.swagger.v3.oas.annotations.parameters.RequestBody(content = {
            @Content(mediaType = "application/pdf", schema = @Schema(type = "string", format = "binary")),
            @Content(mediaType = "text/plain", schema = @Schema(type = "string"))})
    ResponseEntity<Object> receberArquivo(@Parameter(hidden = true) LojaAtual loja, @PathVariable String pedidoId,
                                          @RequestParam(required = false) String transportadora,
                                          @RequestParam(required = false) String servico,
                                          @RequestParam(required = false) String codigoRastreio,
                                          @RequestParam(required = false) String urlRastreio,
                                          @RequestParam(required = false) String volume,
                                          HttpServletRequest requisicao) throws IOException {
        // Read here rather than with @RequestBody, so an empty body is this endpoint's own 400.
        byte[] corpo = requisicao.getInputStream().readNBytes(EntradaDeEtiqueta.PDF_MAXIMO + 1);
        String esperado = MediaType.parseMediaType(requisicao.getContentType()).isCompatibleWith(
                MediaType.APPLICATION_PDF) ? ArquivoDeEtiqueta.PDF : ArquivoDeEtiqueta.ZPL;
        return receber(loja, pedidoId, EntradaDeEtiqueta.doCorpo(corpo, esperado,
                EntradaDeEtiqueta.dadosDaConsulta(transportadora, servico, codigoRastreio, urlRastreio, volume)));
    }

    @GetMapping(produces = "application/json")
    @Operation(operationId = "listarEtiquetasDeTransportadora",
            summary = "Lista as etiquetas de transportadora do pedido", description = "Em ordem de envio.")
    @ApiResponse(responseCode = "200", description = "As etiquetas",
            content = @Content(schema = @Schema(implementation = Lista.class)))
    @ApiResponse(responseCode = "404", description = "Pedido não encontrado",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<Lista> listar(@Parameter(hidden = true) LojaAtual loja,
                                 @Parameter(hidden = true) RespostaCondicional condicional, @PathVariable String pedidoId) {
        Ids.exigir(pedidoId, PedidosDaLoja.NAO_ENCONTRADO);
        return condicional.recurso(new CarimboDeListaQuery(loja.lojaId(), CarimboDeListaQuery.Lista.ETIQUETAS,
                pedidoId), PedidosDaLoja.NAO_ENCONTRADO, () -> Optional.of(new Lista(consultas.query(
                        new ListarEtiquetasQuery(loja.lojaId(), pedidoId),
                        ResponseTypes.multipleInstancesOf(EtiquetaView.class)).join()
                .stream().map(v -> EtiquetaDeEnvioJson.de(v.etiqueta(), v.versao(), null)).toList())));
    }

    @GetMapping("/{etiquetaId}")
    @Operation(operationId = "lerEtiquetaDeTransportadora",
            summary = "Uma etiqueta de transportadora, ou o seu arquivo",
            description = "Sem query: o JSON. arquivo=1: o arquivo (PDF ou ZPL), como anexo; inline=1 abre um PDF "
                    + "no navegador (ZPL é sempre anexo).")
    @ApiResponse(responseCode = "200", description = "A etiqueta, ou o arquivo (application/pdf, ou text/plain para ZPL)",
            content = {@Content(mediaType = "application/json",
                                schema = @Schema(implementation = EtiquetaDeEnvioJson.class)),
                       @Content(mediaType = "application/pdf", schema = @Schema(type = "string", format = "binary")),
                       @Content(mediaType = "text/plain", schema = @Schema(type = "string"))})
    @ApiResponse(responseCode = "400", description = "arquivo ou inline inválido",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    @ApiResponse(responseCode = "404", description = "Etiqueta não encontrada no pedido",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<?> buscar(@Parameter(hidden = true) LojaAtual loja,
                             @Parameter(hidden = true) RespostaCondicional condicional, @PathVariable String pedidoId,
                             @PathVariable String etiquetaId,
                             @Parameter(schema = @Schema(allowableValues = {"0", "1"}))
                             @RequestParam(required = false) String arquivo,
                             @Parameter(schema = @Schema(allowableValues = {"0", "1"}))
                             @RequestParam(required = false) String inline) {
        boolean baixar = DownloadPrivado.chave(arquivo, "arquivo");
        boolean abrir = DownloadPrivado.chave(inline, "inline");
        if (!baixar) {
            Ids.exigir(pedidoId, NAO_ENCONTRADA);
            Ids.exigir(etiquetaId, NAO_ENCONTRADA);
            return condicional.recurso(new CarimboQuery(loja.lojaId(), CarimboQuery.Alvo.ETIQUETA, etiquetaId,
                    pedidoId), NAO_ENCONTRADA, () -> buscar(loja.lojaId(), pedidoId, etiquetaId)
                    .map(etiqueta -> EtiquetaDeEnvioJson.de(etiqueta.etiqueta(), etiqueta.versao(), null)));
        }
        EtiquetaView etiqueta = buscar(loja.lojaId(), pedidoId, etiquetaId)
                .orElseThrow(() -> ErroDeNegocio.naoEncontrado(NAO_ENCONTRADA));
        return baixar(etiqueta.etiqueta(), abrir);
    }

    @DeleteMapping(path = "/{etiquetaId}", produces = "application/json")
    @Operation(operationId = "removerEtiquetaDeTransportadora",
            summary = "Remove a etiqueta e o seu arquivo", description = "O envio não é cancelado na "
            + "transportadora, e o código de rastreio que o pedido tomou dela fica no pedido.")
    @ApiResponse(responseCode = "200", description = "Removida",
            content = @Content(schema = @Schema(implementation = Removida.class)))
    @ApiResponse(responseCode = "404", description = "Etiqueta não encontrada no pedido",
            content = @Content(schema = @Schema(implementation = Erro.class)))
    ResponseEntity<Object> remover(@Parameter(hidden = true) LojaAtual loja, @PathVariable String pedidoId,
                                   @PathVariable String etiquetaId, @Parameter(hidden = true) PreCondicao condicao) {
        Ids.exigir(pedidoId, NAO_ENCONTRADA);
        Ids.exigir(etiquetaId, NAO_ENCONTRADA);
        ResultadoDoAnexo resultado = comandos.executar(
                () -> registro.remover(loja.lojaId(), pedidoId, etiquetaId, relogio.instant(),
                        condicao.versaoEsperada()), NAO_ENCONTRADA);
        ResponseEntity<Object> resposta = escrita.removido(ModeloLeitura.ETIQUETA, loja.lojaId(), etiquetaId,
                resultado.versao(), new Removida(etiquetaId, true));
        arquivos.remover(resultado.objetosLivres());
        return resposta;
    }

    private ResponseEntity<Object> receber(LojaAtual loja, String pedidoId, EntradaDeEtiqueta entrada) {
        PedidoView pedido = exigirPedido(loja, pedidoId);
        boolean pdf = ArquivoDeEtiqueta.PDF.equals(entrada.formato());
        ArquivosPrivados.Guardado guardado = arquivos.guardar("etiquetas", loja.lojaId(), pedidoId,
                entrada.arquivo(), pdf ? "pdf" : "zpl", pdf ? "application/pdf" : "text/plain; charset=UTF-8");
        AnexoEnviado resultado;
        try {
            EtiquetasDeEnvioDoPedido.EtiquetaRecebida envio = new EtiquetasDeEnvioDoPedido.EtiquetaRecebida(loja.lojaId(), pedidoId, Ids.novo(),
                    pedido.numero(), entrada.dados(), new ArquivoDeEtiqueta(guardado.objeto(), entrada.formato(),
                    guardado.tamanho(), guardado.sha256()), relogio.instant());
            resultado = comandos.executar(() -> registro.enviar(envio), NAO_ENCONTRADA);
        } catch (RuntimeException e) {
            // Nothing refers to the file of a refused send.
            arquivos.remover(List.of(guardado.objeto()));
            throw e;
        }
        ResultadoDoAnexo etiqueta = resultado.anexo();
        boolean criada = "criada".equals(etiqueta.acao());
        List<RespostaDeEscrita.Espera> esperas = new ArrayList<>();
        esperas.add(new RespostaDeEscrita.Espera(ModeloLeitura.ETIQUETA, etiqueta.id(), etiqueta.versao()));
        if (resultado.versaoDoPedido() != null) {
            esperas.add(new RespostaDeEscrita.Espera(ModeloLeitura.PEDIDO, pedidoId, resultado.versaoDoPedido()));
        }
        ResponseEntity<Object> resposta = escrita.responder(criada ? HttpStatus.CREATED : HttpStatus.OK,
                loja.lojaId(), esperas, etiqueta.id(), etiqueta.versao(),
                criada ? URI.create("/v1/pedidos/" + pedidoId + "/etiquetas/" + etiqueta.id()) : null,
                () -> buscar(loja.lojaId(), pedidoId, etiqueta.id())
                        .map(v -> EtiquetaDeEnvioJson.de(v.etiqueta(), v.versao(), etiqueta.acao())));
        // Only once the read model names the new file: until then a download may still ask for the old one.
        arquivos.remover(etiqueta.objetosLivres());
        return resposta;
    }

    private ResponseEntity<InputStreamResource> baixar(EstadoDaEtiqueta etiqueta, boolean abrir) {
        ArquivoDeEtiqueta arquivo = etiqueta.arquivo();
        boolean pdf = ArquivoDeEtiqueta.PDF.equals(arquivo.formato());
        InputStream conteudo = arquivos.ler(arquivo.objeto()).orElseThrow(() -> ErroDeNegocio.naoEncontrado(
                "O arquivo foi substituído ou removido agora há pouco; consulte a etiqueta de novo"));
        String base = "etiqueta-" + (etiqueta.dados().codigoRastreio() != null ? etiqueta.dados().codigoRastreio()
                : etiqueta.etiquetaId());
        return DownloadPrivado.responder(conteudo, arquivo.tamanho(), pdf ? MediaType.APPLICATION_PDF : ZPL,
                base.replace('/', '-') + (pdf ? ".pdf" : ".zpl"), abrir && pdf);
    }

    private Optional<EtiquetaView> buscar(String lojaId, String pedidoId, String etiquetaId) {
        if (!Ids.valido(pedidoId) || !Ids.valido(etiquetaId)) {
            return Optional.empty();
        }
        return consultas.query(new BuscarEtiquetaQuery(lojaId, pedidoId, etiquetaId),
                ResponseTypes.optionalInstanceOf(EtiquetaView.class)).join();
    }

    private PedidoView exigirPedido(LojaAtual loja, String pedidoId) {
        return pedidos.exigir(loja.lojaId(), pedidoId);
    }
}
