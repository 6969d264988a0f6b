package br.com.lojaapi.command.notafiscal;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/** What an uploaded fiscal XML turned out to be, with the fields the service keeps. */
public sealed interface LeituraFiscal {

    /**
     * An NF-e (55), NFC-e (65) or NFS-e (56). {@code chave} and {@code serie} are null for an NFS-e,
     * {@code codigoVerificacao} is set only for one; {@code protocolo} is null when the XML has none (accepted with
     * a warning); {@code canceladaEm} is set for an NFS-e carrying its cancellation block.
     */
    record Nota(String modelo,
                String chave,
                String numero,
                String serie,
                String codigoVerificacao,
                OffsetDateTime dataEmissao,
                BigDecimal valorTotal,
                String cnpjEmitente,
                String documentoDestinatario,
                String protocolo,
                boolean ambienteDeTeste,
                OffsetDateTime canceladaEm) implements LeituraFiscal {

        public boolean semProtocolo() {
            return protocolo == null && !"56".equals(modelo);
        }
    }

    /** A homologated cancellation event (110111, or 110112 for a substituted NFC-e) of the invoice {@code chave}. */
    record Cancelamento(String chave, String tipoEvento, String protocolo, OffsetDateTime canceladaEm)
            implements LeituraFiscal {
    }
}
