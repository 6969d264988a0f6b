package br.com.lojaapi.command.etiqueta;

import br.com.lojaapi.command.comum.PedidosVivos;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import br.com.lojaapi.coreapi.etiqueta.ArquivoDeEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.DadosDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.RegistrarEtiquetaCommand;
import br.com.lojaapi.coreapi.etiqueta.RemoverEtiquetaCommand;
import br.com.lojaapi.coreapi.etiqueta.ResultadoDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.SubstituirEtiquetaCommand;
import br.com.lojaapi.coreapi.pedido.DefinirRastreioDoPedidoCommand;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * POST /pedidos/{id}/etiquetas after the file is stored: creates or replaces a carrier label in one transaction
 * whose commands run in-thread, under the order's advisory lock (on every node), so concurrent sends of one code
 * create one label and never pass 50 per order. The first tracking code an order gets this way becomes its own
 * when it has none.
 */
@Service
public class RegistroDeEtiquetas {

    public static final int MAXIMO_POR_PEDIDO = 50;
    public static final String ORIGEM_API = "API";
    public static final String SEM_CODIGO =
            "Etiqueta sem código de rastreio: cada envio sem código cria uma nova etiqueta";

    private final CommandGateway comandos;
    private final EtiquetaLookup etiquetas;
    private final PedidosVivos pedidos;

    RegistroDeEtiquetas(CommandGateway comandos, EtiquetaLookup etiquetas, PedidosVivos pedidos) {
        this.comandos = comandos;
        this.etiquetas = etiquetas;
        this.pedidos = pedidos;
    }

    public record Envio(String lojaId, String pedidoId, String novaEtiquetaId, long pedidoNumero,
                        DadosDaEtiqueta dados, ArquivoDeEtiqueta arquivo, Instant agora) {
    }

    /** The label's result and, when the order took the tracking code, the order's new version (else null). */
    public record Escrita(ResultadoDaEtiqueta etiqueta, Long versaoDoPedido) {
    }

    @Transactional
    public Escrita enviar(Envio envio) {
        pedidos.travar(envio.lojaId(), envio.pedidoId());
        pedidos.exigir(envio.lojaId(), envio.pedidoId());
        String codigo = envio.dados().codigoRastreio();
        List<String> avisos = codigo == null ? List.of(SEM_CODIGO) : List.of();
        Optional<String> existente = codigo == null ? Optional.empty()
                : etiquetas.porCodigo(envio.lojaId(), envio.pedidoId(), codigo);
        ResultadoDaEtiqueta resultado;
        if (existente.isPresent()) {
            resultado = comandos.sendAndWait(new SubstituirEtiquetaCommand(existente.get(), envio.lojaId(),
                    envio.pedidoId(), envio.dados(), envio.arquivo(), avisos, envio.agora()));
        } else {
            if (etiquetas.doPedido(envio.lojaId(), envio.pedidoId()) >= MAXIMO_POR_PEDIDO) {
                throw ErroDeNegocio.conflito("O pedido já tem " + MAXIMO_POR_PEDIDO + " etiquetas, o máximo; "
                        + "remova uma antes de enviar outra");
            }
            resultado = comandos.sendAndWait(new RegistrarEtiquetaCommand(envio.novaEtiquetaId(), envio.lojaId(),
                    envio.pedidoId(), envio.pedidoNumero(), envio.dados(), envio.arquivo(), avisos, ORIGEM_API,
                    envio.agora()));
        }
        Long versaoDoPedido = null;
        if (codigo != null) {
            versaoDoPedido = comandos.sendAndWait(new DefinirRastreioDoPedidoCommand(envio.pedidoId(),
                    envio.lojaId(), codigo, envio.dados().urlRastreio(), envio.agora()));
        }
        return new Escrita(resultado, versaoDoPedido);
    }

    @Transactional
    public ResultadoDaEtiqueta remover(String lojaId, String pedidoId, String etiquetaId, Instant agora,
                                       VersaoEsperada esperada) {
        pedidos.travar(lojaId, pedidoId);
        return comandos.sendAndWait(new RemoverEtiquetaCommand(etiquetaId, lojaId, pedidoId, agora, esperada));
    }

    /** Every label of an order deleted for good, in the caller's transaction. */
    @Transactional
    public List<ResultadoDaEtiqueta> removerDoPedido(String lojaId, String pedidoId, Instant agora) {
        pedidos.travar(lojaId, pedidoId);
        List<ResultadoDaEtiqueta> removidas = new ArrayList<>();
        for (String etiquetaId : etiquetas.idsDoPedido(lojaId, pedidoId)) {
            removidas.add(comandos.sendAndWait(new RemoverEtiquetaCommand(etiquetaId, lojaId, pedidoId, agora)));
        }
        return removidas;
    }
}
