package br.com.lojaapi.command.envio;

import br.com.lojaapi.command.anexo.AnexoEnviado;
import br.com.lojaapi.command.anexo.AnexosDoPedido;
import br.com.lojaapi.command.comum.PedidosVivos;
import br.com.lojaapi.coreapi.anexo.ResultadoDoAnexo;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import br.com.lojaapi.coreapi.etiqueta.ArquivoDeEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.DadosDaEtiqueta;
import br.com.lojaapi.coreapi.etiqueta.RegistrarEtiquetaCommand;
import br.com.lojaapi.coreapi.etiqueta.RemoverEtiquetaCommand;
import br.com.lojaapi.coreapi.etiqueta.SubstituirEtiquetaCommand;
import br.com.lojaapi.coreapi.pedido.DefinirRastreioDoPedidoCommand;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The carrier labels of orders. POST /pedidos/{id}/etiquetas after the file is stored: creates or replaces a label
 * under the order's advisory lock (on every node), so concurrent sends of one code create one label and never pass
 * 50 per order. The first tracking code an order gets this way becomes its own when it has none.
 */
@Service
public class EtiquetasDeEnvioDoPedido extends AnexosDoPedido<EtiquetaDeEnvioLookup> {

    public static final String SEM_CODIGO =
            "Etiqueta sem código de rastreio: cada envio sem código cria uma nova etiqueta";
    private static final int MAXIMO_POR_PEDIDO = 50;

    EtiquetasDeEnvioDoPedido(CommandGateway comandos, EtiquetaDeEnvioLookup etiquetas, PedidosVivos pedidos) {
        super(comandos, pedidos, etiquetas, MAXIMO_POR_PEDIDO, "O pedido já tem " + MAXIMO_POR_PEDIDO
                + " etiquetas, o máximo; remova uma antes de enviar outra");
    }

    public record EtiquetaRecebida(String lojaId, String pedidoId, String novaEtiquetaId, long pedidoNumero,
                                   DadosDaEtiqueta dados, ArquivoDeEtiqueta arquivo, Instant agora) {
    }

    @Transactional
    public AnexoEnviado enviar(EtiquetaRecebida envio) {
        exigirPedido(envio.lojaId(), envio.pedidoId());
        String codigo = envio.dados().codigoRastreio();
        List<String> avisos = codigo == null ? List.of(SEM_CODIGO) : List.of();
        Optional<String> existente = codigo == null ? Optional.empty()
                : lookup.porCodigo(envio.lojaId(), envio.pedidoId(), codigo);
        ResultadoDoAnexo resultado;
        if (existente.isPresent()) {
            resultado = comandos.sendAndWait(new SubstituirEtiquetaCommand(existente.get(), envio.lojaId(),
                    envio.pedidoId(), envio.dados(), envio.arquivo(), avisos, envio.agora()));
        } else {
            exigirVaga(envio.lojaId(), envio.pedidoId());
            resultado = comandos.sendAndWait(new RegistrarEtiquetaCommand(envio.novaEtiquetaId(), envio.lojaId(),
                    envio.pedidoId(), envio.pedidoNumero(), envio.dados(), envio.arquivo(), avisos, ORIGEM_API,
                    envio.agora()));
        }
        Long versaoDoPedido = null;
        if (codigo != null) {
            versaoDoPedido = comandos.sendAndWait(new DefinirRastreioDoPedidoCommand(envio.pedidoId(),
                    envio.lojaId(), codigo, envio.dados().urlRastreio(), envio.agora()));
        }
        return new AnexoEnviado(resultado, versaoDoPedido);
    }

    @Override
    protected void travarParaRemover(String lojaId, String pedidoId, String etiquetaId) {
        pedidos.travar(lojaId, pedidoId);
    }

    @Override
    protected Object remocao(String etiquetaId, String lojaId, String pedidoId, Instant agora,
                             VersaoEsperada esperada) {
        return new RemoverEtiquetaCommand(etiquetaId, lojaId, pedidoId, agora, esperada);
    }
}
