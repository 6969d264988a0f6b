package br.com.lojaapi.apoio;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a JSON value against a schema of the published description, for the subset the description uses: $ref
 * into components, type (one or a list, as OpenAPI 3.1 writes it), enum, properties, required, items, allOf, anyOf
 * and oneOf. A property the schema does not list is a problem: the point is that a client generating types from
 * the description reads every field it is sent. Nulls are checked only in objects whose schema lists required
 * fields (the webhook envelopes and {@code Dados*}), which say which fields may be null; elsewhere most schemas do
 * not, and a null is accepted.
 */
public final class ConformidadeComEsquema {

    private static final String COMPONENTES = "#/components/schemas/";
    private static final String ITENS = "#/components/pathItems/";

    private final JsonNode descricao;

    public ConformidadeComEsquema(JsonNode descricao) {
        this.descricao = descricao;
    }

    /** The schema a {@code $ref} points to (or the schema itself). */
    public JsonNode resolver(JsonNode esquema) {
        JsonNode atual = esquema;
        while (atual.has("$ref")) {
            String ref = atual.get("$ref").asText();
            if (!ref.startsWith(COMPONENTES)) {
                throw new IllegalArgumentException("referência fora dos componentes: " + ref);
            }
            JsonNode alvo = descricao.path("components").path("schemas").path(ref.substring(COMPONENTES.length()));
            if (alvo.isMissingNode()) {
                throw new AssertionError("referência sem esquema: " + ref);
            }
            atual = alvo;
        }
        return atual;
    }

    /**
     * The POST of a webhook of that kind: the description's webhooks section points ({@code $ref}) to
     * {@code components/pathItems}.
     */
    public JsonNode entregaDoWebhook(String tipo) {
        JsonNode item = descricao.path("webhooks").path(tipo);
        String ref = item.path("$ref").asText();
        if (ref.startsWith(ITENS)) {
            item = descricao.path("components").path("pathItems").path(ref.substring(ITENS.length()));
        }
        return item.path("post");
    }

    /** The JSON schema of the body of a webhook of that kind, from the description's webhooks section. */
    public JsonNode esquemaDoWebhook(String tipo) {
        JsonNode esquema = entregaDoWebhook(tipo).at("/requestBody/content/application~1json/schema");
        if (esquema.isMissingNode()) {
            throw new AssertionError("webhooks." + tipo + " sem esquema do corpo na descrição");
        }
        return esquema;
    }

    /**
     * A webhook body against its kind's schema. A {@code dados} type of the webhooks' own ({@code Dados*}) always
     * sends every field, null included, so there the fields must also be exactly the documented ones, in order.
     */
    public List<String> problemasDoWebhook(String tipo, JsonNode corpo) {
        JsonNode esquema = esquemaDoWebhook(tipo);
        List<String> problemas = problemas(corpo, esquema);
        JsonNode refDados = resolver(esquema).at("/properties/dados");
        if (refDados.path("$ref").asText().startsWith(COMPONENTES + "Dados")) {
            List<String> enviados = new ArrayList<>();
            corpo.path("dados").fieldNames().forEachRemaining(enviados::add);
            List<String> descritos = new ArrayList<>();
            resolver(refDados).path("properties").fieldNames().forEachRemaining(descritos::add);
            if (!enviados.equals(descritos)) {
                problemas.add("$.dados: campos " + enviados + ", descritos " + descritos);
            }
        }
        return problemas;
    }

    /** What does not conform, each with where it is ({@code $.dados.itens[0].preco}); empty when all does. */
    public List<String> problemas(JsonNode valor, JsonNode esquema) {
        List<String> problemas = new ArrayList<>();
        verificar("$", valor, esquema, problemas);
        return problemas;
    }

    private void verificar(String onde, JsonNode valor, JsonNode esquemaOuRef, List<String> problemas) {
        verificar(onde, valor, esquemaOuRef, false, problemas);
    }

    private void verificar(String onde, JsonNode valor, JsonNode esquemaOuRef, boolean nullDescrito,
                           List<String> problemas) {
        JsonNode esquema = resolver(esquemaOuRef);
        if (valor.isNull() && !nullDescrito) {
            return;
        }
        for (JsonNode parte : esquema.path("allOf")) {
            verificar(onde, valor, parte, problemas);
        }
        for (String alternativas : List.of("anyOf", "oneOf")) {
            if (esquema.has(alternativas)) {
                boolean alguma = false;
                for (JsonNode alternativa : esquema.get(alternativas)) {
                    alguma |= problemas(valor, alternativa).isEmpty();
                }
                if (!alguma) {
                    problemas.add(onde + ": nenhuma alternativa de " + alternativas + " aceita " + valor);
                }
            }
        }
        Set<String> tipos = tipos(esquema);
        if (!tipos.isEmpty() && tipos.stream().noneMatch(tipo -> eDoTipo(valor, tipo))) {
            problemas.add(onde + ": " + valor.getNodeType() + " onde o esquema diz " + tipos);
            return;
        }
        if (esquema.has("enum") && !contem(esquema.get("enum"), valor)) {
            problemas.add(onde + ": " + valor + " fora de " + esquema.get("enum"));
        }
        if (valor.isObject()) {
            JsonNode propriedades = esquema.path("properties");
            valor.fieldNames().forEachRemaining(campo -> {
                if (!propriedades.isObject()) {
                    return;
                }
                if (propriedades.has(campo)) {
                    verificar(onde + "." + campo, valor.get(campo), propriedades.get(campo), esquema.has("required"),
                            problemas);
                } else {
                    problemas.add(onde + "." + campo + ": campo que o esquema não descreve");
                }
            });
            for (JsonNode obrigatorio : esquema.path("required")) {
                if (!valor.has(obrigatorio.asText())) {
                    problemas.add(onde + "." + obrigatorio.asText() + ": obrigatório e ausente");
                }
            }
        }
        if (valor.isArray() && esquema.has("items")) {
            for (int i = 0; i < valor.size(); i++) {
                verificar(onde + "[" + i + "]", valor.get(i), esquema.get("items"), problemas);
            }
        }
    }

    private static Set<String> tipos(JsonNode esquema) {
        Set<String> tipos = new HashSet<>();
        JsonNode tipo = esquema.path("type");
        if (tipo.isTextual()) {
            tipos.add(tipo.asText());
        }
        tipo.forEach(t -> tipos.add(t.asText()));
        return tipos;
    }

    private static boolean eDoTipo(JsonNode valor, String tipo) {
        return switch (tipo) {
            case "string" -> valor.isTextual();
            case "number" -> valor.isNumber();
            case "integer" -> valor.isIntegralNumber();
            case "boolean" -> valor.isBoolean();
            case "array" -> valor.isArray();
            case "object" -> valor.isObject();
            case "null" -> valor.isNull();
            default -> throw new IllegalArgumentException("tipo desconhecido: " + tipo);
        };
    }

    private static boolean contem(JsonNode lista, JsonNode valor) {
        for (JsonNode item : lista) {
            if (item.equals(valor)) {
                return true;
            }
        }
        return false;
    }
}
