package br.com.lojaapi.gateway.envio;

import br.com.lojaapi.command.entrega.RecursosComoGet;
import br.com.lojaapi.coreapi.etiqueta.EstadoDaEtiqueta;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;
import java.util.List;

/** The Etiqueta (carrier label) of the contract; {@code acao} only in POST responses. */
@Schema(name = "Etiqueta")
public record EtiquetaDeEnvioJson(
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "Só nas respostas do POST", allowableValues = {"criada", "atualizada"}) String acao,
        String id,
        @Schema(nullable = true) String transportadora,
        @Schema(nullable = true) String servico,
        @Schema(nullable = true) String codigoRastreio,
        @Schema(nullable = true, format = "uri") String urlRastreio,
        @Schema(nullable = true) Integer volume,
        @Schema(allowableValues = {"PDF", "ZPL"}) String formato,
        long tamanhoBytes,
        String origem,
        Instant criadoEm,
        Instant atualizadoEm,
        List<String> avisos,
        long versao) implements RecursosComoGet.Etiqueta {

    public static EtiquetaDeEnvioJson de(EstadoDaEtiqueta e, long versao, String acao) {
        return new EtiquetaDeEnvioJson(acao, e.etiquetaId(), e.dados().transportadora(), e.dados().servico(),
                e.dados().codigoRastreio(), e.dados().urlRastreio(), e.dados().volume(), e.arquivo().formato(),
                e.arquivo().tamanho(), e.origem(), e.criadoEm(), e.atualizadoEm(), e.avisos(), versao);
    }
}
