package br.com.lojaapi.gateway.anexo;

import br.com.lojaapi.command.anexo.AnexoEnviado;
import br.com.lojaapi.command.comum.Comandos;
import br.com.lojaapi.coreapi.anexo.ResultadoDoAnexo;
import br.com.lojaapi.coreapi.comum.CarimboDeListaQuery;
import br.com.lojaapi.coreapi.comum.CarimboQuery;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.pedido.PedidoView;
import br.com.lojaapi.gateway.acesso.LojaAtual;
import br.com.lojaapi.gateway.idempotencia.RecursoDaRequisicao;
import br.com.lojaapi.gateway.leitura.RespostaDeEscrita;
import br.com.lojaapi.command.anexo.ArquivosPrivados;
import br.com.lojaapi.gateway.objetos.DownloadPrivado;
import br.com.lojaapi.gateway.pedido.PedidosDaLoja;
import br.com.lojaapi.gateway.web.Ids;
import br.com.lojaapi.gateway.web.PreCondicao;
import br.com.lojaapi.gateway.web.RespostaCondicional;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.core.io.InputStreamResource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

import java.io.InputStream;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The resources every kind of file attached to an order has under {@code /v1/pedidos/{pedidoId}/<colecao>}
 * (invoices, carrier labels), each kind told by its {@link TipoDeAnexo}: the POST that stores the files before the
 * command and deletes them when it is refused, the list and the JSON of one with their ETags, the private download
 * and the DELETE. A stored file nothing refers to any more is deleted only once the read model no longer names it,
 * so a download in between still finds it.
 */
@Component
public class RecursosDeAnexos {

    private final ArquivosPrivados arquivos;
    private final Comandos comandos;
    private final QueryGateway consultas;
    private final PedidosDaLoja pedidos;
    private final RespostaDeEscrita escrita;
    private final Clock relogio;

    RecursosDeAnexos(ArquivosPrivados arquivos, Comandos comandos, QueryGateway consultas, PedidosDaLoja pedidos,
                     RespostaDeEscrita escrita, Clock relogio) {
        this.arquivos = arquivos;
        this.comandos = comandos;
        this.consultas = consultas;
        this.pedidos = pedidos;
        this.escrita = escrita;
        this.relogio = relogio;
    }

    /**
     * A send already read and checked: the order must exist (404), then the kind stores its files and links them.
     * 201 with a Location when it created an attachment, else 200; the order's version is waited for too when the
     * order changed with it.
     */
    public <V, J> ResponseEntity<Object> receber(TipoDeAnexo<V, J> tipo, LojaAtual loja, String pedidoId,
                                                 EnvioDeAnexo envio) {
        PedidoView pedido = pedidos.exigir(loja.lojaId(), pedidoId);
        String colecao = "/v1/pedidos/" + pedidoId + "/" + tipo.colecao() + "/";
        // The kind's service picks the attachment (a new one, or the one the send updates or cancels); a label's
        // tracking code then changes the order too, which is not the resource.
        RecursoDaRequisicao.anunciarAlvoDoComando(id -> colecao + id, pedidoId);
        List<String> guardados = new ArrayList<>();
        AnexoEnviado enviado;
        try {
            Supplier<AnexoEnviado> acao = envio.preparar(pedido, (conteudo, extensao, tipoDoArquivo) -> {
                ArquivosPrivados.Guardado guardado = arquivos.guardar(tipo.colecao(), loja.lojaId(), pedidoId,
                        conteudo, extensao, tipoDoArquivo);
                guardados.add(guardado.objeto());
                return guardado;
            }, Ids.novo(), relogio.instant());
            enviado = comandos.executar(acao, tipo.naoEncontrado());
        } catch (RuntimeException e) {
            // Nothing refers to the files of a refused send.
            arquivos.remover(guardados);
            throw e;
        }
        ResultadoDoAnexo anexo = enviado.anexo();
        boolean criado = "criada".equals(anexo.acao());
        List<RespostaDeEscrita.Espera> esperas = new ArrayList<>();
        esperas.add(new RespostaDeEscrita.Espera(tipo.modelo(), anexo.id(), anexo.versao()));
        if (enviado.versaoDoPedido() != null) {
            esperas.add(new RespostaDeEscrita.Espera(ModeloLeitura.PEDIDO, pedidoId, enviado.versaoDoPedido()));
        }
        ResponseEntity<Object> resposta = escrita.responder(criado ? HttpStatus.CREATED : HttpStatus.OK,
                loja.lojaId(), esperas, anexo.id(), anexo.versao(),
                criado ? URI.create(colecao + anexo.id()) : null,
                () -> buscar(tipo, loja.lojaId(), pedidoId, anexo.id()).map(v -> tipo.json().apply(v, anexo.acao())));
        // Only once the read model names the new files: until then a download may still ask for the old ones.
        arquivos.remover(anexo.objetosLivres());
        return resposta;
    }

    /** The order's attachments in order, tagged; an order that does not exist is the order's 404. */
    public <V, J, L> ResponseEntity<L> listar(TipoDeAnexo<V, J> tipo, LojaAtual loja, RespostaCondicional condicional,
                                              String pedidoId, Function<List<J>, L> lista) {
        Ids.exigir(pedidoId, PedidosDaLoja.NAO_ENCONTRADO);
        return condicional.recurso(new CarimboDeListaQuery(loja.lojaId(), tipo.lista(), pedidoId),
                PedidosDaLoja.NAO_ENCONTRADO, () -> Optional.of(lista.apply(consultas.query(
                        tipo.listagem().apply(loja.lojaId(), pedidoId),
                        ResponseTypes.multipleInstancesOf(tipo.visao())).join()
                        .stream().map(v -> tipo.json().apply(v, null)).toList())));
    }

    /** One attachment's JSON, tagged. */
    public <V, J> ResponseEntity<J> json(TipoDeAnexo<V, J> tipo, LojaAtual loja, RespostaCondicional condicional,
                                         String pedidoId, String id) {
        Ids.exigir(pedidoId, tipo.naoEncontrado());
        Ids.exigir(id, tipo.naoEncontrado());
        return condicional.recurso(new CarimboQuery(loja.lojaId(), tipo.alvo(), id, pedidoId), tipo.naoEncontrado(),
                () -> buscar(tipo, loja.lojaId(), pedidoId, id).map(v -> tipo.json().apply(v, null)));
    }

    /** The attachment whose file is asked for, or its 404. */
    public <V> V exigir(TipoDeAnexo<V, ?> tipo, LojaAtual loja, String pedidoId, String id) {
        return buscar(tipo, loja.lojaId(), pedidoId, id).orElseThrow(() -> ErroDeNegocio.naoEncontrado(
                tipo.naoEncontrado()));
    }

    /** A stored file of an attachment, as a private download. */
    public ResponseEntity<InputStreamResource> baixar(TipoDeAnexo<?, ?> tipo, String objeto, long tamanho,
                                                      MediaType midia, String nome, boolean inline) {
        // Replaced or removed between reading the attachment and reading its file: as if the read came later.
        InputStream conteudo = arquivos.ler(objeto).orElseThrow(() -> ErroDeNegocio.naoEncontrado(
                tipo.arquivoSumiu()));
        return DownloadPrivado.responder(conteudo, tamanho, midia, nome, inline);
    }

    /** Unlinks the attachment and deletes its files; nothing happens outside this service. */
    public ResponseEntity<Object> remover(TipoDeAnexo<?, ?> tipo, LojaAtual loja, String pedidoId, String id,
                                          PreCondicao condicao) {
        Ids.exigir(pedidoId, tipo.naoEncontrado());
        Ids.exigir(id, tipo.naoEncontrado());
        ResultadoDoAnexo resultado = comandos.executar(() -> tipo.servico().remover(loja.lojaId(), pedidoId, id,
                relogio.instant(), condicao.versaoEsperada()), tipo.naoEncontrado());
        ResponseEntity<Object> resposta = escrita.removido(tipo.modelo(), loja.lojaId(), id, resultado.versao(),
                new Removida(id, true));
        arquivos.remover(resultado.objetosLivres());
        return resposta;
    }

    private <V> Optional<V> buscar(TipoDeAnexo<V, ?> tipo, String lojaId, String pedidoId, String id) {
        if (!Ids.valido(pedidoId) || !Ids.valido(id)) {
            return Optional.empty();
        }
        return consultas.query(tipo.busca().de(lojaId, pedidoId, id), ResponseTypes.optionalInstanceOf(tipo.visao()))
                        .join();
    }
}
