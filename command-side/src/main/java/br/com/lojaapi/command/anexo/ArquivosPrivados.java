package br.com.lojaapi.command.anexo;

import br.com.lojaapi.command.comum.Armazenamento;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Files of orders that only the API serves (invoices, carrier labels), under {@code <kind>/<store>/<order>/
 * <random>}: never under a public route (product images have their own names), downloaded only through the API.
 * A file is stored before its command and gets a new name every time, so a failed command never touches a kept
 * file; what the command leaves unreferenced is deleted after it.
 */
@Component
public class ArquivosPrivados {

    private static final Logger log = LoggerFactory.getLogger(ArquivosPrivados.class);

    private final Armazenamento armazenamento;

    ArquivosPrivados(Armazenamento armazenamento) {
        this.armazenamento = armazenamento;
    }

    /** A stored file: its object name, size and SHA-256 (hex). */
    public record Guardado(String objeto, long tamanho, String sha256) {
    }

    public Guardado guardar(String tipoDeAnexo, String lojaId, String pedidoId, byte[] conteudo, String extensao,
                            String tipo) {
        String objeto = tipoDeAnexo + "/" + lojaId + "/" + pedidoId + "/" + UUID.randomUUID() + "." + extensao;
        try {
            armazenamento.guardar(objeto, conteudo, tipo);
        } catch (Exception e) {
            throw new IllegalStateException("armazenamento de objetos indisponível", e);
        }
        return new Guardado(objeto, conteudo.length, sha256(conteudo));
    }

    /** The file's bytes, or empty when the object is gone (deleted after a replacement or removal). */
    public Optional<InputStream> ler(String objeto) {
        try {
            return armazenamento.abrir(objeto);
        } catch (Exception e) {
            throw new IllegalStateException("armazenamento de objetos indisponível", e);
        }
    }

    /**
     * Best effort: a file left behind is never reachable (nothing refers to it) and costs only space, so a
     * storage hiccup here must not turn a committed change into an error.
     */
    public void remover(List<String> objetos) {
        for (String objeto : objetos) {
            try {
                armazenamento.remover(objeto);
            } catch (Exception e) {
                log.warn("Arquivo {} não removido do armazenamento: {}", objeto, e.toString());
            }
        }
    }

    private static String sha256(byte[] conteudo) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(conteudo));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
