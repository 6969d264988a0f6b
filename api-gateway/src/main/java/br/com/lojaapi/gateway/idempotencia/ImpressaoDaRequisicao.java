package br.com.lojaapi.gateway.idempotencia;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.Part;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;

/**
 * What makes two requests "the same request" for an idempotency key: a SHA-256 over the method, the path, the
 * query string, the media type (without parameters: a multipart boundary is not part of the request's meaning)
 * and the body.
 * <ul>
 * <li>JSON is compared canonically: object members sorted by name, no insignificant whitespace, numbers as
 * written ({@code 1} and {@code 1.0} differ). Member order and formatting mean nothing to the endpoints, so a
 * client that re-serialises its body on a retry is still recognised. A body that is not valid JSON is compared
 * byte for byte.</li>
 * <li>multipart/form-data is compared part by part, in order: name, file name, content type and bytes. A new
 * boundary for the same parts is the same request.</li>
 * <li>Anything else (an XML invoice, a raw PDF or ZPL label) is compared byte for byte: an XML invoice may be
 * signed, and no two different XML documents are taken to be the same.</li>
 * </ul>
 */
final class ImpressaoDaRequisicao {

    private static final ObjectMapper CANONICO = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // as the API's own mapper: {"a":1,"a":2} is a 400 there, so it must not look like {"a":2} here
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    private final MessageDigest sha;

    private ImpressaoDaRequisicao(HttpServletRequest requisicao, String tipo) {
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        campo(requisicao.getMethod());
        campo(requisicao.getRequestURI());
        campo(requisicao.getQueryString());
        campo(tipo);
    }

    static boolean multipart(HttpServletRequest requisicao) {
        return "multipart/form-data".equals(tipo(requisicao));
    }

    /** For a body already read whole. */
    static byte[] doCorpo(HttpServletRequest requisicao, byte[] corpo) {
        String tipo = tipo(requisicao);
        ImpressaoDaRequisicao impressao = new ImpressaoDaRequisicao(requisicao, tipo);
        byte[] canonico = tipo != null && (tipo.equals("application/json") || tipo.endsWith("+json"))
                ? jsonCanonico(corpo) : corpo;
        impressao.campo(canonico);
        return impressao.sha.digest();
    }

    /**
     * For a multipart body, from the parts the container parsed (and keeps for the controller). Throws what
     * parsing throws: the controller would meet the same failure.
     */
    static byte[] doMultipart(HttpServletRequest requisicao) throws IOException, ServletException {
        ImpressaoDaRequisicao impressao = new ImpressaoDaRequisicao(requisicao, tipo(requisicao));
        byte[] bloco = new byte[8192];
        for (Part parte : requisicao.getParts()) {
            impressao.campo(parte.getName());
            impressao.campo(parte.getSubmittedFileName());
            impressao.campo(parte.getContentType());
            impressao.tamanho(parte.getSize());
            try (InputStream entrada = parte.getInputStream()) {
                for (int n = entrada.read(bloco); n >= 0; n = entrada.read(bloco)) {
                    impressao.sha.update(bloco, 0, n);
                }
            }
        }
        return impressao.sha.digest();
    }

    private static String tipo(HttpServletRequest requisicao) {
        String tipo = requisicao.getContentType();
        if (tipo == null) {
            return null;
        }
        try {
            MediaType media = MediaType.parseMediaType(tipo);
            return (media.getType() + "/" + media.getSubtype()).toLowerCase(Locale.ROOT);
        } catch (InvalidMediaTypeException e) {
            return tipo.trim().toLowerCase(Locale.ROOT);
        }
    }

    private static byte[] jsonCanonico(byte[] corpo) {
        try {
            return CANONICO.writeValueAsBytes(CANONICO.readValue(corpo, Object.class));
        } catch (IOException | RuntimeException e) {
            return corpo;
        }
    }

    /** Length-prefixed, so that no two different sequences of fields hash alike; null differs from empty. */
    private void campo(String valor) {
        campo(valor == null ? null : valor.getBytes(StandardCharsets.UTF_8));
    }

    private void campo(byte[] valor) {
        tamanho(valor == null ? -1 : valor.length);
        if (valor != null) {
            sha.update(valor);
        }
    }

    private void tamanho(long tamanho) {
        sha.update(ByteBuffer.allocate(Long.BYTES).putLong(tamanho).array());
    }
}
