package br.com.lojaapi.notafiscal;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.command.notafiscal.XmlsFiscais;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invoices need a store whose CNPJ is the corpus issuer's and orders whose customer and total match the corpus
 * invoices, so that each mismatch warning is caused by the one thing a test changes. Posting goes through any of
 * the three formats of the contract.
 */
abstract class TesteDeNotasFiscais extends TesteDeApi {

    /** The corpus NF-e total; the order of {@link #pedido} costs exactly this. */
    static final String VALOR = "149.90";
    static final String SEM_PDF = "Nota sem DANFE em PDF";
    private static final AtomicLong NUMEROS = new AtomicLong(System.nanoTime() % 900_000_000L);

    record Pedido(String id, long numero) {
    }

    /** The three request formats of POST /pedidos/{id}/notas-fiscais. */
    enum Formato {
        /** Raw body, Content-Type application/xml (no PDF possible). */
        XML,
        /** multipart/form-data with file parts xml and pdf. */
        MULTIPART,
        /** JSON with xmlBase64 and pdfBase64. */
        JSON
    }

    /** A store with the corpus issuer's CNPJ. */
    LojaDeTeste lojaEmitente() {
        String slug = "nf-" + UUID.randomUUID().toString().substring(0, 13);
        Resposta loja = api.post("/admin/lojas").token(ADMIN)
                           .json("{\"nome\":\"Loja Fiscal\",\"slug\":\"" + slug + "\",\"cnpj\":\"11.222.333/0001-81\"}")
                           .enviar();
        assertThat(loja.status()).as(loja.toString()).isEqualTo(201);
        return new LojaDeTeste(loja.texto("id"), novoToken(api, loja.texto("id"), "erp"));
    }

    /** A counter order of one item at {@link #VALOR} for a customer with the corpus recipient's CPF. */
    Pedido pedido(LojaDeTeste loja) {
        Resposta produto = api.post("/v1/produtos").token(loja.token())
                              .json("{\"nome\":\"Cafeteira\",\"preco\":" + VALOR + "}").enviar();
        assertThat(produto.status()).as(produto.toString()).isEqualTo(201);
        Resposta pedido = api.post("/v1/pedidos").token(loja.token()).json("""
                {"tipoEntrega":"BALCAO","cliente":{"nome":"Ana Lúcia","documento":"390.533.447-05"},
                 "itens":[{"produtoId":"%s","quantidade":1}]}""".formatted(produto.texto("id"))).enviar();
        assertThat(pedido.status()).as(pedido.toString()).isEqualTo(201);
        assertThat(pedido.json().get("total").decimalValue()).isEqualByComparingTo(VALOR);
        return new Pedido(pedido.texto("id"), pedido.json().get("numero").asLong());
    }

    /** The corpus NF-e with a number no other test uses, so its key is new in every store. */
    static XmlsFiscais.Nfe nfe() {
        return XmlsFiscais.Nfe.padrao().comNumero(NUMEROS.incrementAndGet());
    }

    static String caminho(Pedido pedido) {
        return "/v1/pedidos/" + pedido.id() + "/notas-fiscais";
    }

    Resposta enviar(Formato formato, LojaDeTeste loja, Pedido pedido, byte[] xml) {
        return enviar(formato, loja, pedido.id(), xml, null);
    }

    Resposta enviar(Formato formato, LojaDeTeste loja, String pedidoId, byte[] xml, byte[] pdf) {
        String caminho = "/v1/pedidos/" + pedidoId + "/notas-fiscais";
        return switch (formato) {
            case XML -> {
                assertThat(pdf).as("o corpo XML não leva PDF").isNull();
                yield api.post(caminho).token(loja.token()).corpo("application/xml", xml).enviar();
            }
            case MULTIPART -> {
                Multipart corpo = new Multipart();
                if (xml != null) {
                    corpo.arquivo("xml", "nota.xml", "application/xml", xml);
                }
                if (pdf != null) {
                    corpo.arquivo("pdf", "danfe.pdf", "application/pdf", pdf);
                }
                yield corpo.enviar(loja, caminho);
            }
            case JSON -> {
                StringBuilder json = new StringBuilder("{");
                if (xml != null) {
                    json.append("\"xmlBase64\":\"").append(Base64.getEncoder().encodeToString(xml)).append('"');
                }
                if (pdf != null) {
                    json.append(xml != null ? "," : "").append("\"pdfBase64\":\"")
                        .append(Base64.getEncoder().encodeToString(pdf)).append('"');
                }
                yield api.post(caminho).token(loja.token()).json(json.append('}').toString()).enviar();
            }
        };
    }

    Resposta enviarJson(LojaDeTeste loja, Pedido pedido, String json) {
        return api.post(caminho(pedido)).token(loja.token()).json(json).enviar();
    }

    HttpResponse<byte[]> baixar(LojaDeTeste loja, Pedido pedido, String notaId, String consulta) {
        return api.get(caminho(pedido) + "/" + notaId + consulta).token(loja.token()).enviarBinario();
    }

    JsonNode notas(LojaDeTeste loja, Pedido pedido) {
        Resposta lista = api.get(caminho(pedido)).token(loja.token()).enviar();
        assertThat(lista.status()).as(lista.toString()).isEqualTo(200);
        return lista.json().get("notasFiscais");
    }

    JsonNode pedidoJson(LojaDeTeste loja, Pedido pedido) {
        Resposta lido = api.get("/v1/pedidos/" + pedido.id()).token(loja.token()).enviar();
        assertThat(lido.status()).as(lido.toString()).isEqualTo(200);
        return lido.json();
    }

    static List<String> avisos(Resposta resposta) {
        List<String> avisos = new ArrayList<>();
        resposta.json().get("avisos").forEach(a -> avisos.add(a.asText()));
        return avisos;
    }

    static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** A multipart/form-data body built by hand, as curl -F would send it. */
    final class Multipart {
        private final String fronteira = "----nf" + UUID.randomUUID().toString().replace("-", "");
        private final ByteArrayOutputStream corpo = new ByteArrayOutputStream();

        Multipart arquivo(String nome, String arquivo, String tipo, byte[] conteudo) {
            escrever("--" + fronteira + "\r\nContent-Disposition: form-data; name=\"" + nome + "\"; filename=\""
                    + arquivo + "\"\r\nContent-Type: " + tipo + "\r\n\r\n");
            corpo.writeBytes(conteudo);
            escrever("\r\n");
            return this;
        }

        Multipart campo(String nome, String valor) {
            escrever("--" + fronteira + "\r\nContent-Disposition: form-data; name=\"" + nome + "\"\r\n\r\n" + valor
                    + "\r\n");
            return this;
        }

        Resposta enviar(LojaDeTeste loja, String caminho) {
            escrever("--" + fronteira + "--\r\n");
            return api.post(caminho).token(loja.token())
                      .corpo("multipart/form-data; boundary=" + fronteira, corpo.toByteArray()).enviar();
        }

        /** Sends with an Idempotency-Key; each Multipart has a boundary of its own. */
        Resposta enviar(LojaDeTeste loja, String caminho, String chaveDeIdempotencia) {
            escrever("--" + fronteira + "--\r\n");
            return api.post(caminho).token(loja.token()).cabecalho("Idempotency-Key", chaveDeIdempotencia)
                      .corpo("multipart/form-data; boundary=" + fronteira, corpo.toByteArray()).enviar();
        }

        private void escrever(String texto) {
            corpo.writeBytes(texto.getBytes(StandardCharsets.UTF_8));
        }
    }
}
