package br.com.lojaapi.gateway.erro;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds {@code {erro, ...}} bodies the same way for controllers, filters and the container's error path. */
@Component
public class RespostasDeErro {

    /**
     * Seconds a client should wait before repeating a request answered 503. One: the causes (an outage noticed
     * within {@code 200 ms} of its end, a busy pool, a write conflict) clear in about that time, and refusing a
     * request costs the service next to nothing.
     */
    static final String TENTE_DE_NOVO_EM_S = "1";

    /** What a request refused for its spelling is told (the refused value, chosen by the client, is not repeated). */
    public static final String RECUSADA_PELO_FIREWALL = "Endereço ou cabeçalho recusado: escreva o caminho sem '//', "
            + "'/./', '/../', ';', barra invertida, nem '/', '.' ou '%' codificados, e cabeçalhos e parâmetros sem "
            + "caracteres de controle";

    private final ObjectMapper json;

    RespostasDeErro(ObjectMapper json) {
        this.json = json;
    }

    public static ResponseEntity<Object> entidade(HttpStatus status, String mensagem) {
        return entidade(status, mensagem, Map.of());
    }

    public static ResponseEntity<Object> entidade(HttpStatus status, String mensagem, Map<String, Object> extras) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(corpo(mensagem, extras));
    }

    public static Map<String, Object> corpo(String mensagem, Map<String, Object> extras) {
        Map<String, Object> corpo = new LinkedHashMap<>();
        corpo.put("erro", mensagem);
        corpo.putAll(extras);
        return corpo;
    }

    /** 503 with {@code Retry-After}: the same request is expected to work in a moment. */
    public static ResponseEntity<Object> indisponivel(String mensagem) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                             .header(HttpHeaders.RETRY_AFTER, TENTE_DE_NOVO_EM_S)
                             .contentType(MediaType.APPLICATION_JSON)
                             .body(corpo(mensagem, Map.of()));
    }

    /** {@link #indisponivel(String)} for filters. */
    public void escreverIndisponivel(HttpServletResponse resposta, String mensagem) throws IOException {
        resposta.setHeader(HttpHeaders.RETRY_AFTER, TENTE_DE_NOVO_EM_S);
        escrever(resposta, HttpStatus.SERVICE_UNAVAILABLE, mensagem);
    }

    /** For code that runs before Spring MVC (filters): writes the body straight to the response. */
    public void escrever(HttpServletResponse resposta, HttpStatus status, String mensagem) throws IOException {
        escrever(resposta, status, mensagem, Map.of());
    }

    /** {@link #escrever(HttpServletResponse, HttpStatus, String)} with the details the case documents beside erro. */
    public void escrever(HttpServletResponse resposta, HttpStatus status, String mensagem, Map<String, Object> extras)
            throws IOException {
        resposta.setStatus(status.value());
        resposta.setContentType(MediaType.APPLICATION_JSON_VALUE);
        resposta.setCharacterEncoding(StandardCharsets.UTF_8.name());
        json.writeValue(resposta.getOutputStream(), corpo(mensagem, extras));
    }

    /** A default message per status, for errors that carry no message of their own. */
    public static String mensagemPadrao(int status) {
        return switch (status) {
            case 400 -> "Requisição inválida";
            case 401 -> "Autenticação necessária: envie Authorization: Bearer <token>";
            case 403 -> "Acesso negado";
            case 404 -> "Recurso não encontrado";
            case 405 -> "Método não permitido para este endereço";
            case 406 -> "Formato de resposta não suportado: aceite application/json";
            case 408 -> "A requisição demorou demais para chegar";
            case 413 -> "Corpo da requisição grande demais";
            case 414 -> "Endereço grande demais";
            case 415 -> "Content-Type não suportado";
            case 429 -> "Limite de requisições excedido";
            case 501 -> "Método não implementado por este serviço";
            case 503 -> "Serviço indisponível no momento; tente novamente";
            default -> status >= 500 ? "Erro interno; tente novamente" : "Requisição não pôde ser atendida";
        };
    }
}
