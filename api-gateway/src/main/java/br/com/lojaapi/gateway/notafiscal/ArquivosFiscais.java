package br.com.lojaapi.gateway.notafiscal;

import br.com.lojaapi.coreapi.notafiscal.ArquivoFiscal;
import br.com.lojaapi.gateway.objetos.ArmazenamentoDeObjetos;
import io.minio.errors.ErrorResponseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The files of invoices in object storage, under {@code notas-fiscais/<store>/<order>/<random>}: never under a
 * public route (product images have their own prefix), downloaded only through the API. A file is stored before
 * its command and gets a new name every time, so a failed command never touches a kept file; what the command
 * leaves unreferenced is deleted after it.
 */
@Component
public class ArquivosFiscais {

    private static final Logger log = LoggerFactory.getLogger(ArquivosFiscais.class);

    private final ArmazenamentoDeObjetos armazenamento;

    ArquivosFiscais(ArmazenamentoDeObjetos armazenamento) {
        this.armazenamento = armazenamento;
    }

    ArquivoFiscal guardar(String lojaId, String pedidoId, byte[] conteudo, String extensao, String tipo) {
        String objeto = "notas-fiscais/" + lojaId + "/" + pedidoId + "/" + UUID.randomUUID() + "." + extensao;
        try {
            armazenamento.guardar(objeto, conteudo, tipo);
        } catch (Exception e) {
            throw new IllegalStateException("armazenamento de objetos indisponível", e);
        }
        return new ArquivoFiscal(objeto, conteudo.length, sha256(conteudo));
    }

    /** The file's bytes, or empty when the object is gone (deleted after a replacement or removal). */
    Optional<InputStream> ler(ArquivoFiscal arquivo) {
        try {
            return Optional.of(armazenamento.ler(arquivo.objeto()));
        } catch (ErrorResponseException e) {
            if ("NoSuchKey".equals(e.errorResponse().code())) {
                return Optional.empty();
            }
            throw new IllegalStateException("armazenamento de objetos indisponível", e);
        } catch (Exception e) {
            throw new IllegalStateException("armazenamento de objetos indisponível", e);
        }
    }

    /**
     * Best effort: a file left behind is never reachable (no invoice refers to it) and costs only space, so a
     * storage hiccup here must not turn a committed change into an error.
     */
    public void remover(List<String> objetos) {
        for (String objeto : objetos) {
            try {
                armazenamento.remover(objeto);
            } catch (Exception e) {
                log.warn("Arquivo fiscal {} não removido do armazenamento: {}", objeto, e.toString());
            }
        }
    }

    static List<String> objetos(ArquivoFiscal... arquivos) {
        List<String> objetos = new ArrayList<>();
        for (ArquivoFiscal arquivo : arquivos) {
            if (arquivo != null) {
                objetos.add(arquivo.objeto());
            }
        }
        return objetos;
    }

    private static String sha256(byte[] conteudo) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(conteudo));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
