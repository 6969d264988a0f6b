package br.com.lojaapi.apoio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** A plain HTTP/1.1 client, as an integrator would use, aimed at one running node. */
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
            corpo = json.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            return this;
        }

        public Requisicao corpo(String tipo, byte[] bytes) {
            cabecalhos.put("Content-Type", tipo);
            corpo = bytes;
            return this;
        }

        public Resposta enviar() {
            HttpResponse<String> resposta = executar(HttpResponse.BodyHandlers.ofString());
            return new Resposta(resposta.statusCode(), resposta.headers(), resposta.body());
        }

        /** For downloads: the body as the exact bytes received. */
        public HttpResponse<byte[]> enviarBinario() {
            return executar(HttpResponse.BodyHandlers.ofByteArray());
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
