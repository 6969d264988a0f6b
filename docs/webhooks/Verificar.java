import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Verifies the signatures of a webhook delivery of the Store Integration API, in both schemes it sends. Java 17,
 * JDK only. {@code java Verificar.java [vetor.json]} checks the known-answer vector and exits 0 when right.
 * Verify the raw bytes of the body as they arrived, before any JSON parsing: re-serialising changes them.
 */
public class Verificar {

    static final String PREFIXO = "whsec_";
    static final long TOLERANCIA_S = 5 * 60; // Standard Webhooks: refuse a timestamp over 5 minutes from now

    /**
     * X-Service-Signature: "sha256=" + lower-case hex HMAC-SHA-256 of the body.
     * The key is the WHOLE secret, "whsec_" included, as UTF-8 bytes.
     */
    static boolean verificarServico(String secret, byte[] corpo, String xServiceSignature) {
        byte[] calculada = hmac(secret.getBytes(StandardCharsets.UTF_8), corpo);
        String esperada = "sha256=" + HexFormat.of().formatHex(calculada);
        return xServiceSignature != null && MessageDigest.isEqual(esperada.getBytes(StandardCharsets.UTF_8),
                xServiceSignature.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature): webhook-signature is a space-separated
     * list of "v1," + base64 HMAC-SHA-256 of "{webhook-id}.{webhook-timestamp}.{body}".
     * The key is the base64 DECODING of the text after "whsec_" (48 hex characters, which are valid base64).
     */
    static boolean verificarPadrao(String secret, String webhookId, String webhookTimestamp, byte[] corpo,
                                   String webhookSignature, Instant agora) {
        if (webhookId == null || webhookTimestamp == null || !webhookTimestamp.matches("[0-9]{1,18}")
                || webhookSignature == null) {
            return false;
        }
        if (Math.abs(agora.getEpochSecond() - Long.parseLong(webhookTimestamp)) > TOLERANCIA_S) {
            return false;
        }
        String base64 = secret.startsWith(PREFIXO) ? secret.substring(PREFIXO.length()) : secret;
        byte[] chave = Base64.getDecoder().decode(base64);
        byte[] prefixo = (webhookId + "." + webhookTimestamp + ".").getBytes(StandardCharsets.UTF_8);
        byte[] conteudo = new byte[prefixo.length + corpo.length];
        System.arraycopy(prefixo, 0, conteudo, 0, prefixo.length);
        System.arraycopy(corpo, 0, conteudo, prefixo.length, corpo.length);
        byte[] esperada = Base64.getEncoder().encode(hmac(chave, conteudo));
        for (String assinatura : webhookSignature.split(" ")) {
            if (assinatura.startsWith("v1,") && MessageDigest.isEqual(esperada,
                    assinatura.substring(3).getBytes(StandardCharsets.UTF_8))) {
                return true;
            }
        }
        return false;
    }

    static byte[] hmac(byte[] chave, byte[] conteudo) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(chave, "HmacSHA256"));
            return mac.doFinal(conteudo);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- the known-answer vector ----------------------------------------------------------------------------

    public static void main(String[] args) throws IOException {
        Path caminho = Path.of(args.length > 0 ? args[0] : "vetor.json");
        if (args.length == 0 && !Files.exists(caminho)) {
            caminho = Path.of("docs", "webhooks", "vetor.json");
        }
        List<String> problemas = conferirVetor(caminho);
        problemas.forEach(p -> System.out.println("FALHOU: " + p));
        if (!problemas.isEmpty()) {
            System.exit(1);
        }
        System.out.println("vetor.json: as duas assinaturas conferem (java)");
    }

    /** What is wrong with the known-answer vector (nothing: an empty list). */
    static List<String> conferirVetor(Path caminho) throws IOException {
        Map<String, String> v = objetoPlano(Files.readString(caminho, StandardCharsets.UTF_8));
        String secret = v.get("secret");
        String wid = v.get("webhookId");
        String ts = v.get("webhookTimestamp");
        Instant agora = Instant.ofEpochSecond(Long.parseLong(ts));
        byte[] corpo = v.get("corpo").getBytes(StandardCharsets.UTF_8);
        String servico = v.get("xServiceSignature");
        String padrao = v.get("webhookSignature");
        List<String> falhas = new ArrayList<>();

        exigir(falhas, verificarServico(secret, corpo, servico), "X-Service-Signature do vetor recusada");
        exigir(falhas, verificarPadrao(secret, wid, ts, corpo, padrao, agora), "webhook-signature do vetor recusada");
        exigir(falhas, verificarPadrao(secret, wid, ts, corpo, "v1,outra " + padrao, agora),
                "webhook-signature numa lista de várias recusada");
        exigir(falhas, verificarPadrao(secret, wid, ts, corpo, padrao, agora.plusSeconds(TOLERANCIA_S)),
                "timestamp no limite da tolerância recusado");
        // what must be refused
        byte[] adulterado = v.get("corpo").replace("\"numero\":42", "\"numero\":43").getBytes(StandardCharsets.UTF_8);
        exigir(falhas, !MessageDigest.isEqual(adulterado, corpo), "o vetor não tem o campo que o teste adultera");
        exigir(falhas, !verificarServico(secret, adulterado, servico), "corpo adulterado aceito (servico)");
        exigir(falhas, !verificarPadrao(secret, wid, ts, adulterado, padrao, agora),
                "corpo adulterado aceito (padrao)");
        exigir(falhas, !verificarPadrao(secret, wid, ts, corpo, padrao, agora.plusSeconds(TOLERANCIA_S + 1)),
                "timestamp velho aceito");
        exigir(falhas, !verificarPadrao(secret, wid, ts, corpo, padrao, agora.minusSeconds(TOLERANCIA_S + 1)),
                "timestamp do futuro aceito");
        exigir(falhas, !verificarPadrao(secret, "outro-id", ts, corpo, padrao, agora), "webhook-id trocado aceito");
        exigir(falhas, !verificarServico(secret, corpo, servico.toUpperCase()), "assinatura em maiúsculas aceita");
        // the subtle part: each scheme reads the secret its own way, and the other way gives another signature
        byte[] prefixo = (wid + "." + ts + ".").getBytes(StandardCharsets.UTF_8);
        byte[] conteudo = new byte[prefixo.length + corpo.length];
        System.arraycopy(prefixo, 0, conteudo, 0, prefixo.length);
        System.arraycopy(corpo, 0, conteudo, prefixo.length, corpo.length);
        byte[] textoComoChave = hmac(secret.getBytes(StandardCharsets.UTF_8), conteudo);
        String errada = "v1," + Base64.getEncoder().encodeToString(textoComoChave);
        exigir(falhas, !errada.equals(padrao), "chave do padrao lida como texto deu a mesma assinatura");
        exigir(falhas, !verificarPadrao(secret, wid, ts, corpo, errada, agora),
                "assinatura com a chave lida como texto aceita");
        return falhas;
    }

    private static void exigir(List<String> falhas, boolean condicao, String descricao) {
        if (!condicao) {
            falhas.add(descricao);
        }
    }

    /** Just enough JSON for vetor.json: one object whose values are strings or integers. */
    static Map<String, String> objetoPlano(String json) {
        Map<String, String> campos = new LinkedHashMap<>();
        int[] i = {json.indexOf('{') + 1};
        while (true) {
            pular(json, i);
            if (json.charAt(i[0]) == '}') {
                return campos;
            }
            String nome = texto(json, i);
            pular(json, i);
            esperar(json, i, ':');
            pular(json, i);
            String valor;
            if (json.charAt(i[0]) == '"') {
                valor = texto(json, i);
            } else {
                int inicio = i[0];
                while (Character.isDigit(json.charAt(i[0])) || json.charAt(i[0]) == '-') {
                    i[0]++;
                }
                valor = json.substring(inicio, i[0]);
            }
            campos.put(nome, valor);
            pular(json, i);
            if (json.charAt(i[0]) == ',') {
                i[0]++;
            }
        }
    }

    private static String texto(String json, int[] i) {
        esperar(json, i, '"');
        StringBuilder s = new StringBuilder();
        for (char c = json.charAt(i[0]++); c != '"'; c = json.charAt(i[0]++)) {
            if (c != '\\') {
                s.append(c);
                continue;
            }
            char e = json.charAt(i[0]++);
            switch (e) {
                case 'b' -> s.append('\b');
                case 'f' -> s.append('\f');
                case 'n' -> s.append('\n');
                case 'r' -> s.append('\r');
                case 't' -> s.append('\t');
                case 'u' -> {
                    s.append((char) Integer.parseInt(json.substring(i[0], i[0] + 4), 16));
                    i[0] += 4;
                }
                default -> s.append(e); // \" \\ \/
            }
        }
        return s.toString();
    }

    private static void pular(String json, int[] i) {
        while (Character.isWhitespace(json.charAt(i[0]))) {
            i[0]++;
        }
    }

    private static void esperar(String json, int[] i, char c) {
        if (json.charAt(i[0]) != c) {
            throw new IllegalArgumentException("vetor.json: esperava '" + c + "' na posição " + i[0]);
        }
        i[0]++;
    }
}
