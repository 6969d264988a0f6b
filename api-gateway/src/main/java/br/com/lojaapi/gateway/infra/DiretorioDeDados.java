package br.com.lojaapi.gateway.infra;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.nio.file.Path;

/**
 * {@code DATA_DIR}, resolved once against the working directory and normalised: the embedded PostgreSQL, the
 * embedded object store and the generated operator token live under it. s3proxy's filesystem store refuses every
 * path under a root that is not normalised ({@code ./data/objects} answered every request with "Bad request"), so
 * nothing below this class ever sees the setting as it was written.
 */
@Component
public class DiretorioDeDados {

    private final String configurado;
    private final Path raiz;

    public DiretorioDeDados(@Value("${loja.dados.diretorio:./data}") String configurado) {
        this.configurado = configurado;
        this.raiz = normalizado(configurado);
    }

    /** A setting's directory as an absolute path without {@code .} or {@code ..} segments. */
    public static Path normalizado(String diretorio) {
        String valor = diretorio == null || diretorio.isBlank() ? "./data" : diretorio.strip();
        return Path.of(valor).toAbsolutePath().normalize();
    }

    public Path raiz() {
        return raiz;
    }

    /** A directory or file directly under {@code DATA_DIR}. */
    public Path resolver(String nome) {
        return raiz.resolve(nome);
    }

    /** For messages: the setting as written and the directory it means. */
    public String descricao() {
        return raiz.toString().equals(configurado) ? raiz.toString()
                : raiz + " (DATA_DIR=" + configurado + ")";
    }
}
