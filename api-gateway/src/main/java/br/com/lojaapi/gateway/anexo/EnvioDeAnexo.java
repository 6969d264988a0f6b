package br.com.lojaapi.gateway.anexo;

import br.com.lojaapi.command.anexo.AnexoEnviado;
import br.com.lojaapi.command.anexo.ArquivosPrivados;
import br.com.lojaapi.coreapi.pedido.PedidoView;

import java.time.Instant;
import java.util.function.Supplier;

/**
 * One kind's part of a POST, once what the request says was checked and the order found: stores the files it
 * carries through {@code guarda} and answers the command-side call that links them ({@code novoId} for a new
 * attachment). Files stored here are deleted when the call is refused.
 */
@FunctionalInterface
public interface EnvioDeAnexo {

    Supplier<AnexoEnviado> preparar(PedidoView pedido, Guarda guarda, String novoId, Instant agora);

    /** Stores one file of the send in private object storage. */
    @FunctionalInterface
    interface Guarda {
        ArquivosPrivados.Guardado guardar(byte[] conteudo, String extensao, String tipo);
    }
}
