package br.com.lojaapi.gateway.acesso;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

/** Generation, shape and hashing of bearer tokens. */
final class Tokens {

    private static final SecureRandom ALEATORIO = new SecureRandom();
    private static final Pattern FORMATO = Pattern.compile("[A-Za-z0-9_-]{16,200}");
    /** Compiled once: {@code String.split} compiles a pattern of more than one character on every call. */
    private static final Pattern ESPACOS = Pattern.compile("\\s+");

    private Tokens() {
    }

    /** 256 random bits, URL-safe, with a prefix that tells a reader (and secret scanners) what it is. */
    static String gerar(String prefixo) {
        byte[] bytes = new byte[32];
        ALEATORIO.nextBytes(bytes);
        return prefixo + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static boolean formatoValido(String token) {
        return token != null && FORMATO.matcher(token).matches();
    }

    static byte[] hash(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 indisponível", e);
        }
    }

    /** The token of an {@code Authorization: Bearer <token>} header, or null when the header is not that. */
    static String doCabecalho(String autorizacao) {
        if (autorizacao == null) {
            return null;
        }
        String[] partes = ESPACOS.split(autorizacao.strip());
        if (partes.length != 2 || !partes[0].equalsIgnoreCase("Bearer") || !formatoValido(partes[1])) {
            return null;
        }
        return partes[1];
    }
}
