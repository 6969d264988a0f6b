package br.com.lojaapi.gateway.rotulo;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;

import java.util.List;

/**
 * POST /etiquetas/lote. The fields are kept as the JSON sent and checked by hand: {@code pedidos} mixes strings
 * and objects, and a wrong type in any field must be a 400 that names the field and its values, which Jackson's
 * own type errors do not say. Only {@code pedidos} being a list is left to Jackson, whose 400 names it.
 */
@Schema(name = "LoteDeEtiquetas")
record CorpoDoLote(
        @ArraySchema(minItems = 1, maxItems = 100,
                arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                        description = "Na ordem de impressão; um pedido repetido é impresso de novo"))
        List<Elemento> pedidos,
        @Schema(implementation = String.class, allowableValues = {"10x15", "a4"}, defaultValue = "10x15")
        JsonNode tamanho,
        @Schema(implementation = String.class, allowableValues = {"pdf", "zpl"}, defaultValue = "pdf",
                description = "zpl só com tamanho 10x15: um arquivo com um bloco ^XA...^XZ por etiqueta")
        JsonNode formato,
        @Schema(implementation = Integer.class, minimum = "1", maximum = "50", defaultValue = "1",
                description = "Volumes dos pedidos enviados só pelo id") JsonNode volumes,
        @Schema(implementation = Boolean.class, defaultValue = "true", description = "false omite o conteúdo")
        JsonNode itens,
        @Schema(implementation = Integer.class, defaultValue = "203",
                description = "Extensão: resolução da impressora para zpl, 203 ou 300; conferido e ignorado com pdf")
        JsonNode dpi) {

    /** One element of {@code pedidos} as sent, whatever its JSON type: the controller tells each kind apart. */
    @Schema(name = "PedidoDoLoteOuId", description = "O id do pedido (texto), ou {id, volumes}",
            oneOf = {String.class, PedidoDoLote.class})
    record Elemento(@Schema(hidden = true) JsonNode valor) {

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static Elemento de(JsonNode valor) {
            return new Elemento(valor);
        }
    }

    @Schema(name = "PedidoDoLote")
    record PedidoDoLote(@Schema(requiredMode = Schema.RequiredMode.REQUIRED) String id,
                        @Schema(minimum = "1", maximum = "50", description = "Padrão: volumes do lote")
                        Integer volumes) {
    }
}
