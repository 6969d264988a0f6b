package br.com.lojaapi.gateway.acesso;

import br.com.lojaapi.gateway.infra.ArquivoSecreto;
import br.com.lojaapi.gateway.infra.DiretorioDeDados;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.MessageDigest;

/**
 * The operator token of {@code /admin}: {@code ADMIN_TOKEN} when set (never written anywhere), else the one kept in
 * {@code DATA_DIR/admin-token}, generated on the first start (mode 0600, the token and a newline), so the operator
 * of a single node never has to set anything; nodes that share a database but not a data directory need the same
 * {@code ADMIN_TOKEN}. A generated token is printed once, when it is created; later starts log only the file that
 * keeps it, so logs shipped elsewhere (journald, a log service, a bug report) do not carry a live credential on
 * every restart.
 */
@Component
public class TokenDeOperador {

    private static final Logger log = LoggerFactory.getLogger(TokenDeOperador.class);
    static final String ARQUIVO = "admin-token";

    private final byte[] hash;

    @Autowired
    TokenDeOperador(@Value("${loja.admin.token:}") String configurado, DiretorioDeDados dados) {
        this(configurado, dados.resolver(ARQUIVO));
    }

    TokenDeOperador(String configurado, Path arquivo) {
        String token = configurado == null ? "" : configurado.strip();
        if (token.isEmpty()) {
            token = doArquivo(arquivo);
        } else if (!Tokens.formatoValido(token)) {
            // Checked here with the rule requests are checked with: a token the filter would reject could never
            // authenticate, and the operator would only find out from a wall of 401s.
            throw new IllegalStateException(
                    "ADMIN_TOKEN deve ter de 16 a 200 caracteres entre letras, dígitos, '-' e '_' (por exemplo: openssl rand -hex 32)");
        }
        this.hash = Tokens.hash(token);
    }

    boolean confere(String token) {
        return token != null && confere(Tokens.hash(token));
    }

    /** Whether a token whose SHA-256 is {@code hashDoToken} is the operator's, in constant time. */
    boolean confere(byte[] hashDoToken) {
        return MessageDigest.isEqual(hash, hashDoToken);
    }

    private static String doArquivo(Path arquivo) {
        try {
            ArquivoSecreto.Lido lido = ArquivoSecreto.lerOuCriar(arquivo, () -> Tokens.gerar("adm_"),
                    Tokens::formatoValido, "um token de operador (de 16 a 200 caracteres entre letras, dígitos, '-' e"
                                           + " '_'); ou defina ADMIN_TOKEN");
            if (lido.criado()) {
                log.warn("ADMIN_TOKEN não definido; token de operador gerado e guardado em {} (modo 0600): {}",
                        arquivo, lido.valor());
            } else {
                log.info("Token de operador (/admin) guardado em {} (ADMIN_TOKEN não definido)", arquivo);
            }
            return lido.valor();
        } catch (IOException e) {
            throw new UncheckedIOException("Não foi possível ler nem criar o token de operador em " + arquivo
                                           + "; confira DATA_DIR ou defina ADMIN_TOKEN", e);
        }
    }
}
