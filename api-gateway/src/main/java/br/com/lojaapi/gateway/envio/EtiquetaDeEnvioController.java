package br.com.lojaapi.gateway.envio;

import br.com.lojaapi.command.envio.EtiquetasDeEnvioDoPedido;
import br.com.lojaapi.command.envio.EtiquetasDeEnvioDoPedido.EtiquetaRecebida;
import br.com.lojaapi.coreapi.comum.CarimboDeListaQuery;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.etiqueta.ArquivoDeEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.BuscarEtiquetaQuery;
import br.com.lojaapi.coreapi.etiqueta.DadosDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.EtiquetaView;
import br.com.lojaapi.coreapi.etiqueta.ListarEtiquetasQuery;
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
import java.nio.charset.StandardCharsets;
import java.util.List;

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

    private final EtiquetasDeEnvioDoPedido etiquetas;
    private final RecursosDeAnexos anexos;
    private final TipoDeAnexo<EtiquetaView, EtiquetaDeEnvioJson> tipo;

    EtiquetaDeEnvioController(EtiquetasDeEnvioDoPedido etiquetas, RecursosDeAnexos anexos) {
        this.etiquetas = etiquetas;
        this.anexos = anexos;
        this.tipo = new TipoDeAnexo<>("etiquetas", NAO_ENCONTRADA,
                "O arquivo foi substituído ou removido agora há pouco; consulte a etiqueta de novo",
                ModeloLeitura.ETIQUETA, CarimboQuery.Alvo.ETIQUETA, CarimboDeListaQuery.Lista.ETIQUETAS,
                EtiquetaView.class, ListarEtiquetasQuery::new, BuscarEtiquetaQuery::new,
                (v, acao) -> EtiquetaDeEnvioJson.de(v.etiqueta(), v.versao(), acao), etiquetas);
    }

    @Schema(name = "ListaDeEtiquetas")
    record Lista(List<EtiquetaDeEnvioJson> etiquetas) {
    }

    @PostMapping(consumes = "multipart/form-data", produces = "application/json")
    @Operation(operationId = "enviarEtiquetaDeTransportadora",
            summary = "Envia uma etiqueta de transportadora (multipart)",
            description = """
                    Parte arquivo (PDF ou ZPL, tipo detectado pelo conteúdo) e os campos transportadora, \
                    servico, codigoRastreio, urlRastreio e volume. Com um codigoRastreio que o pedido já tem, \
                    substitui aquela etiqueta (200); sem código, cada envio cria uma etiqueta, com aviso.""")
    @ApiResponse(responseCode = "201", description = "Criada",
            content = @Content(schema = @Schema(implementation = EtiquetaDeEnvioJson.class)))
    @ApiResponse(responseCode = "200", description = "Substituída (mesmo codigoRastreio)",
            content = @Content(schema = @Schema(implementation = EtiquetaDeEnvioJson.class)))
    @ApiResponse(responseCode = "400", description = "Arquivo que não é PDF nem ZPL, vazio ou inválido; campo inválido")
    @ApiResponse(responseCode = "404", description = "Pedido não encontrado")
    @ApiResponse(responseCode = "409", description = "O pedido já tem 50 etiquetas")
    @ApiResponse(responseCode = "413", description = "PDF acima de 5 MiB ou ZPL acima de 1 MiB")
    @ApiResponse(responseCode = "415", description = "Content-Type que não é multipart, JSON, PDF ou text/plain")
    ResponseEntity<Object> receberMultipart(LojaAtual loja, @PathVariable String pedidoId,
                                            HttpServletRequest requisicao) throws IOException, ServletException {
        return receber(loja, pedidoId, EntradaDeEtiquetaDeEnvio.doMultipart(requisicao.getParts()));
    }

    @PostMapping(consumes = "application/json", produces = "application/json")
    @Operation(operationId = "enviarEtiquetaDeTransportadora",
            summary = "Envia uma etiqueta de transportadora (JSON)",
            description = "pdfBase64, zplBase64 ou zpl (texto), mais os campos. Mesmas respostas do multipart.")
    ResponseEntity<Object> receberJson(LojaAtual loja, @PathVariable String pedidoId,
                                       @RequestBody CorpoDeEtiquetaDeEnvio corpo) {
        return receber(loja, pedidoId, EntradaDeEtiquetaDeEnvio.doJson(corpo));
    }

    @PostMapping(consumes = {"application/pdf", "text/plain"}, produces = "application/json")
    @Operation(operationId = "enviarEtiquetaDeTransportadora",
            summary = "Envia uma etiqueta de transportadora (o arquivo como corpo)",
            description = """
                    application/pdf para PDF, text/plain para ZPL; os campos vão na query. Mesmas respostas \
                    do multipart.""")
    @io.swagger.v3.oas.annotations.parameters.RequestBody(content = {
            @Content(mediaType = "application/pdf", schema = @Schema(type = "string", format = "binary")),
            @Content(mediaType = "text/plain", schema = @Schema(type = "string"))})
    ResponseEntity<Object> receberArquivo(LojaAtual loja, @PathVariable String pedidoId,
                                          @RequestParam(required = false) String transportadora,
                                          @RequestParam(required = false) String servico,
                                          @RequestParam(required = false) String codigoRastreio,
                                          @RequestParam(required = false) String urlRastreio,
                                          @RequestParam(required = false) String volume,
                                          HttpServletRequest requisicao) throws IOException {
        byte[] corpo = PartesDoEnvio.corpo(requisicao, EntradaDeEtiquetaDeEnvio.PDF_MAXIMO);
        String esperado = MediaType.parseMediaType(requisicao.getContentType()).isCompatibleWith(
                MediaType.APPLICATION_PDF) ? ArquivoDeEtiqueta.PDF : ArquivoDeEtiqueta.ZPL;
        DadosDaEtiqueta dados = EntradaDeEtiquetaDeEnvio.dadosDaConsulta(transportadora, servico, codigoRastreio,
                urlRastreio, volume);
        return receber(loja, pedidoId, EntradaDeEtiquetaDeEnvio.doCorpo(corpo, esperado, dados));
    }

    @GetMapping(produces = "application/json")
    @Operation(operationId = "listarEtiquetasDeTransportadora",
            summary = "Lista as etiquetas de transportadora do pedido", description = "Em ordem de envio.")
    @ApiResponse(responseCode = "200", description = "As etiquetas",
            content = @Content(schema = @Schema(implementation = Lista.class)))
    @ApiResponse(responseCode = "404", description = "Pedido não encontrado")
    ResponseEntity<Lista> listar(LojaAtual loja, RespostaCondicional condicional, @PathVariable String pedidoId) {
        return anexos.listar(tipo, loja, condicional, pedidoId, Lista::new);
    }

    @GetMapping("/{etiquetaId}")
    @Operation(operationId = "lerEtiquetaDeTransportadora",
            summary = "Uma etiqueta de transportadora, ou o seu arquivo",
            description = """
                    Sem query: o JSON. arquivo=1: o arquivo (PDF ou ZPL), como anexo; inline=1 abre um PDF \
                    no navegador (ZPL é sempre anexo).""")
    @ApiResponse(responseCode = "200",
            description = "A etiqueta, ou o arquivo (application/pdf, ou text/plain para ZPL)",
            content = {@Content(mediaType = "application/json",
                                schema = @Schema(implementation = EtiquetaDeEnvioJson.class)),
                       @Content(mediaType = "application/pdf", schema = @Schema(type = "string", format = "binary")),
                       @Content(mediaType = "text/plain", schema = @Schema(type = "string"))})
    @ApiResponse(responseCode = "400", description = "arquivo ou inline inválido")
    @ApiResponse(responseCode = "404", description = "Etiqueta não encontrada no pedido")
    ResponseEntity<?> buscar(LojaAtual loja, RespostaCondicional condicional, @PathVariable String pedidoId,
                             @PathVariable String etiquetaId,
                             @Parameter(schema = @Schema(allowableValues = {"0", "1"}))
                             @RequestParam(required = false) String arquivo,
                             @Parameter(schema = @Schema(allowableValues = {"0", "1"}))
                             @RequestParam(required = false) String inline) {
        boolean baixar = DownloadPrivado.chave(arquivo, "arquivo");
        boolean abrir = DownloadPrivado.chave(inline, "inline");
        if (!baixar) {
            return anexos.json(tipo, loja, condicional, pedidoId, etiquetaId);
        }
        return baixar(anexos.exigir(tipo, loja, pedidoId, etiquetaId).etiqueta(), abrir);
    }

    @DeleteMapping(path = "/{etiquetaId}", produces = "application/json")
    @Operation(operationId = "removerEtiquetaDeTransportadora",
            summary = "Remove a etiqueta e o seu arquivo", description = """
                    O envio não é cancelado na transportadora, e o código de rastreio que o pedido tomou dela \
                    fica no pedido.""")
    @ApiResponse(responseCode = "200", description = "Removida",
            content = @Content(schema = @Schema(implementation = Removida.class)))
    @ApiResponse(responseCode = "404", description = "Etiqueta não encontrada no pedido")
    ResponseEntity<Object> remover(LojaAtual loja, @PathVariable String pedidoId,
                                   @PathVariable String etiquetaId, PreCondicao condicao) {
        return anexos.remover(tipo, loja, pedidoId, etiquetaId, condicao);
    }

    private ResponseEntity<Object> receber(LojaAtual loja, String pedidoId, EntradaDeEtiquetaDeEnvio entrada) {
        return anexos.receber(tipo, loja, pedidoId, (pedido, guarda, novoId, agora) -> {
            boolean pdf = ArquivoDeEtiqueta.PDF.equals(entrada.formato());
            ArquivosPrivados.Guardado guardado = guarda.guardar(entrada.arquivo(), pdf ? "pdf" : "zpl",
                    pdf ? "application/pdf" : "text/plain; charset=UTF-8");
            EtiquetaRecebida recebida = new EtiquetaRecebida(loja.lojaId(), pedidoId, novoId, pedido.numero(),
                    entrada.dados(), new ArquivoDeEtiqueta(guardado.objeto(), entrada.formato(), guardado.tamanho(),
                    guardado.sha256()), agora);
            return () -> etiquetas.enviar(recebida);
        });
    }

    private ResponseEntity<InputStreamResource> baixar(EstadoDaEtiqueta etiqueta, boolean abrir) {
        ArquivoDeEtiqueta arquivo = etiqueta.arquivo();
        boolean pdf = ArquivoDeEtiqueta.PDF.equals(arquivo.formato());
        String base = "etiqueta-" + (etiqueta.dados().codigoRastreio() != null ? etiqueta.dados().codigoRastreio()
                : etiqueta.etiquetaId());
        return anexos.baixar(tipo, arquivo.objeto(), arquivo.tamanho(), pdf ? MediaType.APPLICATION_PDF : ZPL,
                base.replace('/', '-') + (pdf ? ".pdf" : ".zpl"), abrir && pdf);
    }
}
