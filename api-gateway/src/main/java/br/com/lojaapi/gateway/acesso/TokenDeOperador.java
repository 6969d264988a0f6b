package br.com.lojaapi.gateway.acesso;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.security.MessageDigest;

/**
 * The operator token of {@code /admin}: {@code ADMIN_TOKEN}, or one generated and printed once at start-up (each
 * start then has its own, so give every node the same {@code ADMIN_TOKEN} when running more than one).
 */
@Component
public class TokenDeOperador {

    private static final Logger log = LoggerFactory.getLogger(TokenDeOperador.class);

    private final byte[] hash;

    TokenDeOperador(@Value("${loja.admin.token:}") String configurado) {
        String token = configurado == null ? "" : configurado.strip();
        if (token.isEmpty()) {
            token = Tokens.gerar("adm_");
            log.warn("ADMIN_TOKEN não definido; token de operador gerado para esta execução: {}", token);
        } else if (!Tokens.formatoValido(token)) {
            // Checked here with the rule requests are checked with: a token the filter would reject could never
            // authenticate, and the operator would only find out from a wall of 401s.
            throw new IllegalStateException(
                    "ADMIN_TOKEN deve ter de 16 a 200 caracteres entre letras, dígitos, '-' e '_' (por exemplo: openssl rand -hex 32)");
        }
        this.hash = Tokens.hash(token);
    }

    boolean confere(String token) {
        return token != null && MessageDigest.isEqual(hash, Tokens.hash(token));
    }
}
