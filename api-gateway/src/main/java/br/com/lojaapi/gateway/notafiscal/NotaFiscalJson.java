package br.com.lojaapi.gateway.notafiscal;

import br.com.lojaapi.command.entrega.RecursosComoGet;
import br.com.lojaapi.coreapi.notafiscal.DadosNotaFiscal;
import br.com.lojaapi.coreapi.notafiscal.EstadoDaNota;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

/** The NotaFiscal of the contract; {@code acao} only in POST responses. Dates keep the offset of the XML. */
@Schema(name = "NotaFiscal")
public record NotaFiscalJson(
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Schema(description = "Só nas respostas do POST", allowableValues = {"criada", "atualizada", "cancelada"})
        String acao,
        String id,
        @Schema(nullable = true, description = "Chave de acesso; null para NFS-e") String chave,
        String numero,
        @Schema(nullable = true, description = "null para NFS-e") String serie,
        @Schema(allowableValues = {"55", "65", "56"}) String modelo,
        @Schema(nullable = true, description = "Só NFS-e") String codigoVerificacao,
        @Schema(allowableValues = {"AUTORIZADA", "CANCELADA"}) String situacao,
        @Schema(nullable = true, description = "null quando só a chave foi registrada") OffsetDateTime dataEmissao,
        @Schema(nullable = true) BigDecimal valorTotal,
        @Schema(nullable = true) String cnpjEmitente,
        @Schema(nullable = true) String documentoDestinatario,
        @Schema(nullable = true) String protocolo,
        @Schema(nullable = true) OffsetDateTime canceladaEm,
        boolean temXml,
        boolean temPdf,
        boolean temXmlCancelamento,
        String origem,
        Instant criadoEm,
        Instant atualizadoEm,
        List<String> avisos,
        long versao) implements RecursosComoGet.NotaFiscal {

    public static NotaFiscalJson de(EstadoDaNota n, long versao, String acao) {
        DadosNotaFiscal d = n.dados();
        return new NotaFiscalJson(acao, n.notaId(), d.chave(), d.numero(), d.serie(), d.modelo(),
                d.codigoVerificacao(), n.situacao(), d.dataEmissao(), d.valorTotal(), d.cnpjEmitente(),
                d.documentoDestinatario(), d.protocolo(), n.canceladaEm(), n.xml() != null, n.pdf() != null,
                n.xmlCancelamento() != null, n.origem(), n.criadoEm(), n.atualizadoEm(), n.avisos(), versao);
    }
}
