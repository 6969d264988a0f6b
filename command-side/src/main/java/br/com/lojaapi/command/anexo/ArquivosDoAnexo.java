package br.com.lojaapi.command.anexo;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The rules the aggregates of an order's attachments share about their stored files ({@code A}, a file reference of
 * an event: its object name and what tells its content). Every handler answers which stored objects nothing refers
 * to any more, for the caller to delete once the command committed: a replaced file, a file sent again with the same
 * content (the one kept stays), the files of a removed attachment.
 *
 * @param objeto   the file's object name in storage
 * @param conteudo what makes two files the same content (hash, size, format), compared with {@code equals}
 */
public record ArquivosDoAnexo<A>(Function<A, String> objeto, Function<A, Object> conteudo) {

    /**
     * The file to keep when {@code enviado} comes in place of {@code atual} (either may be null): the sent one,
     * unless it has the same content as the kept one. The one not kept goes to {@code livres}.
     */
    public A substituir(A atual, A enviado, List<String> livres) {
        if (enviado == null) {
            return atual;
        }
        if (atual != null && conteudo.apply(atual).equals(conteudo.apply(enviado))) {
            if (!objeto.apply(atual).equals(objeto.apply(enviado))) {
                livres.add(objeto.apply(enviado));
            }
            return atual;
        }
        if (atual != null) {
            livres.add(objeto.apply(atual));
        }
        return enviado;
    }

    /** The object names of the files an attachment has (null where it has none). */
    @SafeVarargs
    public final List<String> objetos(A... arquivos) {
        return Arrays.stream(arquivos).filter(Objects::nonNull).map(objeto).toList();
    }

    /** Another store's or another order's attachment is reported exactly like a missing one. */
    public static void exigirDoPedido(String lojaDoAnexo, String pedidoDoAnexo, String loja, String pedido,
                                      String naoEncontrado) {
        if (!Objects.equals(lojaDoAnexo, loja) || !Objects.equals(pedidoDoAnexo, pedido)) {
            throw ErroDeNegocio.naoEncontrado(naoEncontrado);
        }
    }
}
