package br.com.lojaapi.gateway.openapi;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.BinarySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.Encoding;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.stereotype.Component;

import java.math.BigDecimal;
import java.util.List;

/**
 * The two upload POSTs are each served by several handlers, one per Content-Type, which springdoc merges into one
 * operation keeping only some of the bodies (the multipart handlers read their parts from the request, so springdoc
 * sees none) and a {@code oneOf} of the typed answer and a bare object. Here each gets every Content-Type its
 * handlers accept, the multipart parts they read ({@code EntradaFiscal.doMultipart},
 * {@code EntradaDeEtiquetaDeEnvio.doMultipart}; named components, {@code NotaFiscalMultipart} and
 * {@code EtiquetaMultipart}, as generators import them by name), and exactly the body its 200 and 201 carry.
 */
@Component
class EnviosDeArquivos implements OpenApiCustomizer {

    private static final String ESQUEMAS = "#/components/schemas/";

    @Override
    public void customise(OpenAPI api) {
        Operation nota = post(api, "/pedidos/{pedidoId}/notas-fiscais");
        if (nota != null) {
            Schema<?> xml = new BinarySchema().description("O XML da NF-e/NFC-e (nfeProc ou NFe), da NFS-e (CompNfse) "
                    + "ou do evento de cancelamento homologado; até 2 MiB");
            api.getComponents().addSchemas("NotaFiscalMultipart", new ObjectSchema()
                    .description("multipart/form-data do envio de nota fiscal")
                    .addProperty("xml", new BinarySchema().description("O XML; até 2 MiB"))
                    .addProperty("pdf", new BinarySchema().description("O DANFE em PDF; até 5 MiB"))
                    .addProperty("fiscal_document", new ArraySchema().maxItems(2).items(new BinarySchema())
                            .description("Em vez de xml e pdf: até duas partes, um XML e um PDF, o tipo detectado "
                                    + "pelo conteúdo"))
                    .addProperty("chave", new StringSchema().description("Chave de acesso: com só o pdf, anexa-o à "
                            + "nota dessa chave; sem XML, registra os metadados"))
                    .addProperty("numero", new StringSchema().description("Sem XML: número da nota"))
                    .addProperty("serie", new StringSchema().description("Sem XML: série da nota")));
            // multipart first: a generated client's method for this operation takes the parts (XML and PDF).
            nota.requestBody(new RequestBody().required(true).content(new Content()
                    .addMediaType("multipart/form-data", new MediaType().schema(esquema("NotaFiscalMultipart"))
                            .addEncoding("xml", new Encoding().contentType("application/xml, text/xml"))
                            .addEncoding("pdf", new Encoding().contentType("application/pdf")))
                    .addMediaType("application/xml", new MediaType().schema(xml))
                    .addMediaType("text/xml", new MediaType().schema(xml))
                    .addMediaType("application/json", new MediaType().schema(esquema("NotaFiscalEnvio")))));
            respostas(nota, "NotaFiscal");
        }
        Operation etiqueta = post(api, "/pedidos/{pedidoId}/etiquetas");
        if (etiqueta != null) {
            api.getComponents().addSchemas("EtiquetaMultipart", new ObjectSchema()
                    .description("multipart/form-data do envio de etiqueta de transportadora")
                    .addProperty("arquivo", new BinarySchema().description("A etiqueta em PDF (até 5 MiB) ou ZPL "
                            + "(até 1 MiB), o tipo detectado pelo conteúdo"))
                    .addProperty("transportadora", new StringSchema())
                    .addProperty("servico", new StringSchema())
                    .addProperty("codigoRastreio", new StringSchema().description("Mesmo código de uma etiqueta do "
                            + "pedido: substitui aquela (200)"))
                    .addProperty("urlRastreio", new StringSchema().format("uri"))
                    .addProperty("volume", new IntegerSchema().minimum(BigDecimal.ONE))
                    .required(List.of("arquivo")));
            etiqueta.requestBody(new RequestBody().required(true).content(new Content()
                    .addMediaType("multipart/form-data", new MediaType().schema(esquema("EtiquetaMultipart")))
                    .addMediaType("application/json", new MediaType().schema(esquema("EtiquetaEnvio")))
                    .addMediaType("application/pdf", new MediaType().schema(new BinarySchema()
                            .description("O PDF como corpo; os campos vão na query")))
                    .addMediaType("text/plain", new MediaType().schema(new StringSchema()
                            .description("O ZPL como corpo; os campos vão na query")))));
            respostas(etiqueta, "Etiqueta");
        }
    }

    /** 201 and 200 carry the same typed body: created, or updated/cancelled/replaced ({@code acao}). */
    private static void respostas(Operation operacao, String esquema) {
        for (String status : List.of("200", "201")) {
            ApiResponse resposta = operacao.getResponses().get(status);
            if (resposta != null) {
                resposta.setContent(new Content().addMediaType("application/json",
                        new MediaType().schema(esquema(esquema))));
            }
        }
    }

    private static Schema<?> esquema(String nome) {
        return new Schema<>().$ref(ESQUEMAS + nome);
    }

    private static Operation post(OpenAPI api, String caminho) {
        if (api.getPaths() == null) {
            return null;
        }
        PathItem item = api.getPaths().get(caminho);
        if (item == null) {
            item = api.getPaths().get("/v1" + caminho);
        }
        return item == null ? null : item.getPost();
    }
}
