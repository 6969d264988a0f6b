package br.com.lojaapi.command.entrega;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The two signatures every delivery carries, over the exact bytes sent:
 * <ul>
 *   <li>the contract's {@code X-Service-Signature}: {@code sha256=} + lower-case hex HMAC-SHA-256 of the body, keyed
 *       with the secret as written ({@code whsec_...}, UTF-8);</li>
 *   <li>Standard Webhooks' {@code webhook-signature}: {@code v1,} + base64 HMAC-SHA-256 of
 *       {@code {id}.{timestamp}.{body}}, keyed with the base64 decoding of the part after {@code whsec_}, which is
 *       how that standard's libraries read such a secret.</li>
 * </ul>
 */
public final class Assinaturas {

    public static final String PREFIXO = "whsec_";
    private static final SecureRandom ALEATORIO = new SecureRandom();

    private Assinaturas() {
    }

    /** {@code whsec_} + 48 lower-case hex characters (192 random bits). */
    public static String novoSegredo() {
        byte[] bytes = new byte[24];
        ALEATORIO.nextBytes(bytes);
        return PREFIXO + HexFormat.of().formatHex(bytes);
    }

    public static String servico(String segredo, byte[] corpo) {
        return "sha256=" + HexFormat.of().formatHex(hmac(segredo.getBytes(StandardCharsets.UTF_8), corpo));
    }

    public static String padrao(String segredo, String id, long timestamp, byte[] corpo) {
        byte[] chave = Base64.getDecoder().decode(segredo.substring(PREFIXO.length()));
        byte[] prefixo = (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        byte[] conteudo = new byte[prefixo.length + corpo.length];
        System.arraycopy(prefixo, 0, conteudo, 0, prefixo.length);
        System.arraycopy(corpo, 0, conteudo, prefixo.length, corpo.length);
        return "v1," + Base64.getEncoder().encodeToString(hmac(chave, conteudo));
    }

    private static byte[] hmac(byte[] chave, byte[] conteudo) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(chave, "HmacSHA256"));
            return mac.doFinal(conteudo);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA-256 indisponível", e);
        }
    }
}
