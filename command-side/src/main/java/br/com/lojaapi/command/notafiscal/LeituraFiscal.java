package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.coreapi.notafiscal.DadosNotaFiscal;

import java.time.OffsetDateTime;

/** What an uploaded fiscal XML turned out to be, with the fields the service keeps. */
public sealed interface LeituraFiscal {

    /**
     * An NF-e (55), NFC-e (65) or NFS-e (56), as {@link DadosNotaFiscal} tell it; {@code dados.protocolo} is null
     * when the XML has none (accepted with a warning); {@code canceladaEm} is set for an NFS-e carrying its
     * cancellation block.
     */
    record Nota(DadosNotaFiscal dados, OffsetDateTime canceladaEm) implements LeituraFiscal {

        public boolean semProtocolo() {
            return dados.protocolo() == null && !DadosNotaFiscal.NFSE.equals(dados.modelo());
        }
    }

    /** A homologated cancellation event (110111, or 110112 for a substituted NFC-e) of the invoice {@code chave}. */
    record Cancelamento(String chave, String tipoEvento, String protocolo, OffsetDateTime canceladaEm)
            implements LeituraFiscal {
    }
}
