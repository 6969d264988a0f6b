package br.com.lojaapi.gateway.openapi;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.springdoc.core.customizers.OpenApiCustomizer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Safe retries and optimistic concurrency, described on every operation by its HTTP method, so that no controller
 * (present or future) needs an annotation for them:
 * <ul>
 *   <li>POST and PATCH: the {@code Idempotency-Key} request header; 409 while the first request with that key still
 *       runs, or with {@code Location} when it was applied but its answer was lost, 422 for the key reused with
 *       another request, 400 for an invalid key, and {@code Idempotent-Replayed} on a success that is the stored
 *       answer of an earlier request;</li>
 *   <li>PUT, PATCH and DELETE: the {@code If-Match} request header and 412 when it no longer matches;</li>
 *   <li>GET: the {@code If-None-Match} request header, 304 without a body, and the {@code ETag} of the 200.</li>
 * </ul>
 * Responses an operation already documents keep their description, extended with the new case.
 */
final class IdempotenciaECondicoes implements OpenApiCustomizer {

    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    static final String IDEMPOTENT_REPLAYED = "Idempotent-Replayed";
    static final String IF_MATCH = "If-Match";
    static final String IF_NONE_MATCH = "If-None-Match";
    static final String ETAG = "ETag";
    static final String LOCATION = "Location";

    @Override
    public void customise(OpenAPI api) {
        if (api.getPaths() == null) {
            return;
        }
        api.getPaths().values().forEach(item -> item.readOperationsMap().forEach(IdempotenciaECondicoes::descrever));
    }

    private static void descrever(PathItem.HttpMethod metodo, Operation operacao) {
        if (operacao.getResponses() == null) {
            operacao.setResponses(new ApiResponses());
        }
        switch (metodo) {
            case GET -> leituraCondicional(operacao);
            case POST -> repeticaoSegura(operacao);
            case PATCH -> {
                repeticaoSegura(operacao);
                escritaCondicional(operacao);
            }
            case PUT, DELETE -> escritaCondicional(operacao);
            default -> {
                return;
            }
        }
        ordenar(operacao.getResponses());
    }

    private static void repeticaoSegura(Operation operacao) {
        parametro(operacao, IDEMPOTENCY_KEY, new StringSchema().minLength(1).maxLength(255),
                "Chave única desta operação (ex.: um UUID), para repetir com segurança após um timeout. A mesma "
                        + "chave com a mesma requisição, por pelo menos 24 h, devolve a resposta original (status, "
                        + "cabeçalhos e corpo) com Idempotent-Replayed: true, sem um segundo efeito. Vale por loja; "
                        + "no máximo 255 caracteres");
        ApiResponses respostas = operacao.getResponses();
        respostas.forEach((status, resposta) -> {
            if (status.startsWith("2")) {
                resposta.addHeaderObject(IDEMPOTENT_REPLAYED, new Header()
                        .description("true quando esta é a resposta guardada de uma requisição anterior com a "
                                + "mesma Idempotency-Key (nada foi executado de novo); ausente na primeira")
                        .schema(new StringSchema()._enum(List.of("true"))));
            }
        });
        erro(respostas, "400", "Idempotency-Key inválida (por exemplo, com mais de 255 caracteres)");
        erro(respostas, "409", "Uma requisição com a mesma Idempotency-Key ainda está em andamento; tente de "
                + "novo em instantes");
        erro(respostas, "409", "A requisição com a mesma Idempotency-Key foi aplicada, mas a resposta dela se "
                + "perdeu (o serviço parou antes de guardá-la): nada é feito de novo, e id, local e o cabeçalho "
                + "Location dizem o recurso que ela criou ou alterou, para ler com GET");
        respostas.get("409").addHeaderObject(LOCATION, new Header()
                .description("Só quando a resposta da requisição com esta Idempotency-Key se perdeu: onde ler o "
                        + "recurso que ela criou ou alterou (o mesmo que local no corpo)")
                .schema(new StringSchema()));
        erro(respostas, "422", "A Idempotency-Key já foi usada com outra requisição (outro corpo, caminho ou "
                + "método); use uma chave nova");
    }

    private static void escritaCondicional(Operation operacao) {
        parametro(operacao, IF_MATCH, new StringSchema(),
                "ETag da última leitura (GET). Se o recurso mudou desde então, a resposta "
                        + "é 412 e nada muda; sem o cabeçalho, a alteração é incondicional");
        erro(operacao.getResponses(), "412", "If-Match não confere: o recurso mudou desde a leitura (o ETag "
                + "atual é outro); nada foi alterado. Leia de novo e repita");
    }

    private static void leituraCondicional(Operation operacao) {
        ApiResponses respostas = operacao.getResponses();
        ApiResponse ok = respostas.get("200");
        // Only JSON representations carry an ETag: a GET answering only files (the store label) has none.
        if (ok == null || ok.getContent() == null || !ok.getContent().containsKey("application/json")) {
            return;
        }
        parametro(operacao, IF_NONE_MATCH, new StringSchema(),
                "ETag de uma resposta anterior; se a representação não mudou, a resposta é 304 sem corpo "
                        + "(só nas respostas JSON; downloads de arquivos não têm ETag)");
        ok.addHeaderObject(ETAG, etag());
        ApiResponse naoModificado = new ApiResponse()
                .description("Não modificado: o ETag enviado em If-None-Match ainda é o atual; sem corpo");
        naoModificado.addHeaderObject(ETAG, etag());
        ConfiguracaoOpenApi.cabecalhosDeLimite(naoModificado);
        respostas.putIfAbsent("304", naoModificado);
    }

    private static Header etag() {
        return new Header().description("Versão desta representação: envie em If-None-Match para revalidar "
                                                + "(304) ou em If-Match para alterar só esta versão (412 se mudou)")
                           .schema(new StringSchema());
    }

    private static void parametro(Operation operacao, String nome, Schema<?> esquema, String descricao) {
        List<Parameter> parametros = operacao.getParameters() == null ? List.of() : operacao.getParameters();
        boolean existe = parametros.stream()
                                   .anyMatch(p -> "header".equals(p.getIn()) && nome.equalsIgnoreCase(p.getName()));
        if (!existe) {
            operacao.addParametersItem(new HeaderParameter().name(nome).required(false).description(descricao)
                                                            .schema(esquema));
        }
    }

    /** A new error answer, or one more case in the description of the answer already there. */
    private static void erro(ApiResponses respostas, String status, String descricao) {
        ApiResponse existente = respostas.get(status);
        if (existente == null) {
            ApiResponse resposta = ConfiguracaoOpenApi.erro(descricao);
            ConfiguracaoOpenApi.cabecalhosDeLimite(resposta);
            respostas.put(status, resposta);
        } else if (existente.getDescription() == null || existente.getDescription().isBlank()) {
            existente.setDescription(descricao);
        } else if (!existente.getDescription().contains(descricao.substring(1))) {
            existente.setDescription(existente.getDescription() + "; ou " + continuacao(descricao));
        }
    }

    /** "Uma requisição..." continues as "uma requisição..."; a header name such as Idempotency-Key stays. */
    private static String continuacao(String frase) {
        String palavra = frase.split(" ", 2)[0];
        return palavra.matches("\\p{Lu}\\p{Ll}*") ? Character.toLowerCase(frase.charAt(0)) + frase.substring(1) : frase;
    }

    /** Answers in the order of their status, as a reader looks them up. */
    private static void ordenar(ApiResponses respostas) {
        List<Map.Entry<String, ApiResponse>> ordenadas = new ArrayList<>(respostas.entrySet());
        ordenadas.sort(Comparator.comparing(Map.Entry::getKey));
        respostas.clear();
        ordenadas.forEach(e -> respostas.put(e.getKey(), e.getValue()));
    }
}
