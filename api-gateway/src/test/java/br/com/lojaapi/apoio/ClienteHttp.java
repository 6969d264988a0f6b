package br.com.lojaapi.apoio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A plain HTTP/1.1 client, as an integrator would use, aimed at one running node. Every exchange is checked against
 * the description the node serves ({@link ConferenciaDaDescricao}).
 */
public class ClienteHttp {

    private final String base;
    private final HttpClient http;

    public ClienteHttp(int porta) {
        this.base = "http://localhost:" + porta;
        this.http = HttpClient.newBuilder()
                              .version(HttpClient.Version.HTTP_1_1)
                              .connectTimeout(Duration.ofSeconds(5))
                              .build();
    }

    public Requisicao get(String caminho) {
        return new Requisicao("GET", caminho);
    }

    public Requisicao post(String caminho) {
        return new Requisicao("POST", caminho);
    }

    public Requisicao put(String caminho) {
        return new Requisicao("PUT", caminho);
    }

    public Requisicao delete(String caminho) {
        return new Requisicao("DELETE", caminho);
    }

    public Requisicao metodo(String metodo, String caminho) {
        return new Requisicao(metodo, caminho);
    }

    /** One request being built. */
    public final class Requisicao {
        private final String metodo;
        private final String caminho;
        private final Map<String, String> cabecalhos = new LinkedHashMap<>();
        private byte[] corpo;
        private boolean invalida;

        private Requisicao(String metodo, String caminho) {
            this.metodo = metodo;
            this.caminho = caminho;
        }

        public Requisicao token(String token) {
            return cabecalho("Authorization", "Bearer " + token);
        }

        public Requisicao cabecalho(String nome, String valor) {
            cabecalhos.put(nome, valor);
            return this;
        }

        public Requisicao json(String json) {
            cabecalhos.putIfAbsent("Content-Type", "application/json");
            corpo = json.getBytes(StandardCharsets.UTF_8);
            return this;
        }

        public Requisicao corpo(String tipo, byte[] bytes) {
            cabecalhos.put("Content-Type", tipo);
            corpo = bytes;
            return this;
        }

        /**
         * Off the description on purpose: the request is not checked against the operation's {@code requestBody}.
         * Only needed where the server accepts it anyway; a request the server refuses (4xx) is never checked.
         * The response still is.
         */
        public Requisicao invalida() {
            invalida = true;
            return this;
        }

        public Resposta enviar() {
            HttpResponse<String> resposta = executar(HttpResponse.BodyHandlers.ofString());
            conferir(resposta, resposta.body());
            return new Resposta(resposta.statusCode(), resposta.headers(), resposta.body());
        }

        /** For downloads: the body as the exact bytes received. */
        public HttpResponse<byte[]> enviarBinario() {
            HttpResponse<byte[]> resposta = executar(HttpResponse.BodyHandlers.ofByteArray());
            conferir(resposta, new String(resposta.body(), StandardCharsets.UTF_8));
            return resposta;
        }

        private void conferir(HttpResponse<?> resposta, String corpoRecebido) {
            String tipoEnviado = cabecalhos.entrySet().stream()
                                           .filter(c -> c.getKey().equalsIgnoreCase("Content-Type"))
                                           .map(Map.Entry::getValue).findFirst().orElse(null);
            ConferenciaDaDescricao.conferir(new ConferenciaDaDescricao.Troca(base, metodo, caminho, tipoEnviado,
                    corpo == null ? null : new String(corpo, StandardCharsets.UTF_8), invalida,
                    resposta.statusCode(), resposta.headers().firstValue("Content-Type").orElse(null), corpoRecebido));
        }

        private <T> HttpResponse<T> executar(HttpResponse.BodyHandler<T> leitor) {
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + caminho))
                                                     .timeout(Duration.ofSeconds(30))
                                                     .method(metodo, corpo == null
                                                             ? HttpRequest.BodyPublishers.noBody()
                                                             : HttpRequest.BodyPublishers.ofByteArray(corpo));
            cabecalhos.forEach(builder::header);
            try {
                return http.send(builder.build(), leitor);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
