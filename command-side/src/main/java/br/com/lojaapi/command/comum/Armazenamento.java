package br.com.lojaapi.command.comum;

import java.io.InputStream;
import java.util.Optional;

/**
 * The service's object storage, as the command side uses it: files stored before the command that refers to them
 * (product images, an order's invoices and labels). api-gateway wires the store (an S3-compatible one, or the
 * embedded one); every failure of the store is an exception of the store's own.
 */
public interface Armazenamento {

    /** Stores the object under {@code chave}, replacing any there. */
    void guardar(String chave, byte[] conteudo, String tipo) throws Exception;

    boolean existe(String chave) throws Exception;

    /** The object's bytes, or empty when there is no such object. */
    Optional<InputStream> abrir(String chave) throws Exception;

    /** Deletes the object; deleting one that does not exist is not an error. */
    void remover(String chave) throws Exception;
}
