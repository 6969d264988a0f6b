package br.com.lojaapi.sincronia;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Resposta;
import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/** A poller as an ERP would write it: atualizadoDesde once, then the cursor of each page, keeping everything seen. */
final class Sincronizador {

    static final String INICIO = "2000-01-01T00:00:00Z";

    record Visto(String id, long versao, Instant atualizadoEm, boolean removido, JsonNode item) {
    }

    private ClienteHttp api;
    private final String token;
    private final String caminho;
    private final String lista;
    private final int limite;
    private String cursor;
    final List<Visto> vistos = new ArrayList<>();

    Sincronizador(ClienteHttp api, String token, String caminho, String lista, int limite) {
        this.api = api;
        this.token = token;
        this.caminho = caminho;
        this.lista = lista;
        this.limite = limite;
    }

    Resposta pagina() {
        String consulta = cursor == null ? "atualizadoDesde=" + INICIO : "cursor=" + cursor;
        return api.get(caminho + "?" + consulta + "&limite=" + limite).token(token).enviar();
    }

    /** Reads pages until temMais is false. */
    void lerTudo() {
        while (true) {
            Resposta resposta = pagina();
            assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
            JsonNode corpo = resposta.json();
            assertThat(corpo.get(lista).size()).isLessThanOrEqualTo(limite);
            for (JsonNode item : corpo.get(lista)) {
                vistos.add(new Visto(item.get("id").asText(), item.get("versao").asLong(),
                        Instant.parse(item.get("atualizadoEm").asText()), item.get("removido").asBoolean(), item));
            }
            assertThat(corpo.get("cursor").asText()).isNotBlank();
            cursor = corpo.get("cursor").asText();
            if (!corpo.get("temMais").asBoolean()) {
                return;
            }
        }
    }

    /** Polls until the condition holds on what was seen. */
    void ate(Predicate<Sincronizador> condicao, Duration prazo) throws InterruptedException {
        Instant limiteDeTempo = Instant.now().plus(prazo);
        while (true) {
            lerTudo();
            if (condicao.test(this)) {
                return;
            }
            assertThat(Instant.now()).as("sincronia não chegou a tempo; vistos: %s", vistos.size())
                                     .isBefore(limiteDeTempo);
            Thread.sleep(100);
        }
    }

    boolean viu(String id, long versao) {
        return vistos.stream().anyMatch(v -> v.id().equals(id) && v.versao() == versao);
    }

    int posicao(String id, long versao) {
        for (int i = 0; i < vistos.size(); i++) {
            if (vistos.get(i).id().equals(id) && vistos.get(i).versao() == versao) {
                return i;
            }
        }
        return -1;
    }

    /** Goes on polling through another node. */
    void usar(ClienteHttp outro) {
        api = outro;
    }

    String cursor() {
        return cursor;
    }

    /** The last version seen of each id. */
    Map<String, Long> ultimas() {
        Map<String, Long> ultimas = new HashMap<>();
        vistos.forEach(v -> ultimas.put(v.id(), v.versao()));
        return ultimas;
    }

    /**
     * Nothing twice, and each resource's versions in increasing order across all pages. Sync follows the order the
     * changes were made in (their events' order in the event store), which a client sees only through this: the
     * last version listed of a resource is its newest. {@code atualizadoEm} is not that order: it is taken before the
     * write's transaction, so two concurrent writes can commit in the other order, and a stock batch stamps all its
     * rows with one time.
     */
    void semRepeticaoEEmOrdem() {
        assertThat(vistos.stream().map(v -> v.id() + ":" + v.versao()).distinct().count())
                .as("nenhum (id, versao) repetido").isEqualTo(vistos.size());
        Map<String, Visto> anteriores = new HashMap<>();
        for (Visto visto : vistos) {
            Visto anterior = anteriores.put(visto.id(), visto);
            assertThat(anterior == null || anterior.versao() < visto.versao())
                    .as("versões de %s em ordem: %s e depois %s", visto.id(), anterior, visto).isTrue();
        }
    }
}
