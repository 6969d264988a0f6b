package br.com.lojaapi.apoio;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Who holds which segment of the event processors, as {@code GET /admin/projecoes} shows it. Nodes that start
 * together share the segments within a few seconds (the first takes them all, then releases the others' share): a
 * test that needs every node to be processing already waits for that here.
 */
public final class SegmentosDosNos {

    private static final Duration ESPERA = Duration.ofSeconds(60);

    private SegmentosDosNos() {
    }

    /** The id of the node that answers. */
    public static String id(ClienteHttp no) {
        return projecoes(no).get("no").asText();
    }

    /** "processor#segment" to the node that holds it ("-" for none), for every processor with several segments. */
    public static Map<String, String> donos(ClienteHttp no) {
        Map<String, String> donos = new TreeMap<>();
        for (JsonNode projecao : projecoes(no).get("projecoes")) {
            JsonNode segmentos = projecao.get("segmentos");
            if (segmentos.size() > 1) {
                segmentos.forEach(s -> donos.put(projecao.get("nome").asText() + "#" + s.get("segmento").asInt(),
                        s.get("dono").isNull() ? "-" : s.get("dono").asText()));
            }
        }
        return donos;
    }

    /**
     * Whether, as {@code no} sees it, every processor with several segments has them all held and spread evenly over
     * the nodes {@code ids}: none free, none held by another node, and each node's count within one of the others'.
     */
    public static boolean divididos(ClienteHttp no, List<String> ids) {
        int processadores = 0;
        for (JsonNode projecao : projecoes(no).get("projecoes")) {
            JsonNode segmentos = projecao.get("segmentos");
            if (segmentos.size() < 2) {
                continue;
            }
            processadores++;
            List<String> donos = new ArrayList<>();
            segmentos.forEach(s -> donos.add(s.get("dono").asText(null)));
            if (!ids.containsAll(donos)) {
                return false;
            }
            List<Integer> porNo = ids.stream().map(id -> Collections.frequency(donos, id)).toList();
            if (Collections.max(porNo) - Collections.min(porNo) > 1) {
                return false;
            }
        }
        assertThat(processadores).as("processadores com mais de um segmento").isGreaterThan(5);
        return true;
    }

    /** Waits until the nodes share the segments evenly, as the first of them sees it. */
    public static void aguardarDivisao(List<ClienteHttp> nos) {
        List<String> ids = nos.stream().map(SegmentosDosNos::id).toList();
        long prazo = System.nanoTime() + ESPERA.toNanos();
        while (!divididos(nos.get(0), ids)) {
            if (System.nanoTime() > prazo) {
                fail("os nós " + ids + " não dividiram os segmentos em " + ESPERA + ": " + donos(nos.get(0)));
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private static JsonNode projecoes(ClienteHttp no) {
        Resposta resposta = no.get("/admin/projecoes").token(TesteDeApi.ADMIN).enviar();
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(200);
        return resposta.json();
    }
}
