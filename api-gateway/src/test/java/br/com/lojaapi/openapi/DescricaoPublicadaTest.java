package br.com.lojaapi.openapi;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteComConfiguracaoPadrao;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code docs/openapi.json} is the description integrators generate clients from (and the build's own Java client,
 * {@code clients/java}, is generated from it): it must be exactly what the service serves with its default
 * settings (the webhook descriptions quote the retry delays). After a change of the API, regenerate it with
 * {@code mvn -pl api-gateway -am -Dtest=DescricaoPublicadaTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dloja.openapi.atualizar=true test} and commit it with the change.
 */
class DescricaoPublicadaTest extends TesteComConfiguracaoPadrao {

    static final Path INSTANTANEO = Path.of("../docs/openapi.json");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Test
    void aDescricaoServidaEIgualAoInstantaneoEmDocs() throws Exception {
        Resposta resposta = api.get("/v1/openapi.json").enviar();
        assertThat(resposta.status()).isEqualTo(200);
        JsonNode servida = resposta.json();
        if (Boolean.getBoolean("loja.openapi.atualizar")) {
            Files.writeString(INSTANTANEO, JSON.writeValueAsString(servida) + "\n");
        }
        assertThat(INSTANTANEO).as("o instantâneo da descrição").isRegularFile();
        List<String> diferencas = new ArrayList<>();
        comparar("", JSON.readTree(INSTANTANEO.toFile()), servida, diferencas);
        assertThat(diferencas)
                .as("docs/openapi.json difere de /v1/openapi.json nestes pontos; regenere com mvn -pl api-gateway"
                    + " -am -Dtest=DescricaoPublicadaTest -Dsurefire.failIfNoSpecifiedTests=false"
                    + " -Dloja.openapi.atualizar=true test")
                .isEmpty();
    }

    /** The JSON pointers where the two differ, at most 20. */
    private static void comparar(String ponteiro, JsonNode guardado, JsonNode servido, List<String> diferencas) {
        if (diferencas.size() >= 20 || guardado.equals(servido)) {
            return;
        }
        if (guardado.isObject() && servido.isObject()) {
            TreeSet<String> nomes = new TreeSet<>();
            guardado.fieldNames().forEachRemaining(nomes::add);
            servido.fieldNames().forEachRemaining(nomes::add);
            for (String nome : nomes) {
                String filho = ponteiro + "/" + nome.replace("~", "~0").replace("/", "~1");
                if (!guardado.has(nome) || !servido.has(nome)) {
                    diferencas.add(filho + (guardado.has(nome) ? " só no instantâneo" : " só na servida"));
                } else {
                    comparar(filho, guardado.get(nome), servido.get(nome), diferencas);
                }
            }
        } else if (guardado.isArray() && servido.isArray() && guardado.size() == servido.size()) {
            Iterator<JsonNode> a = guardado.elements();
            Iterator<JsonNode> b = servido.elements();
            for (int i = 0; a.hasNext(); i++) {
                comparar(ponteiro + "/" + i, a.next(), b.next(), diferencas);
            }
        } else {
            diferencas.add(ponteiro + ": " + abreviado(guardado) + " ≠ " + abreviado(servido));
        }
    }

    private static String abreviado(JsonNode valor) {
        String texto = valor.toString();
        return texto.length() > 120 ? texto.substring(0, 120) + "…" : texto;
    }
}
