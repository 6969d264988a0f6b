package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.coreapi.comum.Documentos;
import br.com.lojaapi.coreapi.notafiscal.ContextoDoPedido;
import br.com.lojaapi.coreapi.notafiscal.DadosNotaFiscal;

import java.util.ArrayList;
import java.util.List;

/**
 * The non-blocking inconsistencies of an invoice ({@code avisos}), worked out again from the whole invoice at
 * every change, so a warning goes away when what caused it is fixed (a PDF sent later, say). Nothing is compared
 * with a value the store or the order does not have.
 */
final class AvisosDaNota {

    static final String SEM_PDF = "Nota sem DANFE em PDF";
    static final String SEM_PROTOCOLO = "XML sem protocolo de autorização: a autorização da nota não foi comprovada";
    static final String HOMOLOGACAO = "Nota emitida em ambiente de homologação (teste), sem valor fiscal";

    private AvisosDaNota() {
    }

    static List<String> de(DadosNotaFiscal dados, boolean temXml, boolean temPdf, ContextoDoPedido pedido) {
        List<String> avisos = new ArrayList<>();
        String loja = Documentos.normalizar(pedido.cnpjLoja());
        if (dados.cnpjEmitente() != null && loja != null && !loja.isEmpty() && !loja.equals(dados.cnpjEmitente())) {
            avisos.add("Emitente da nota (" + dados.cnpjEmitente() + ") difere do CNPJ da loja (" + loja + ")");
        }
        String cliente = Documentos.normalizar(pedido.documentoCliente());
        if (dados.documentoDestinatario() != null && cliente != null && !cliente.isEmpty()
                && !cliente.equals(dados.documentoDestinatario())) {
            avisos.add("Destinatário da nota (" + dados.documentoDestinatario()
                    + ") difere do documento do cliente do pedido (" + cliente + ")");
        }
        if (dados.valorTotal() != null && pedido.totalPedido() != null
                && dados.valorTotal().compareTo(pedido.totalPedido()) != 0) {
            avisos.add("Valor da nota (" + dados.valorTotal().toPlainString() + ") difere do total do pedido ("
                    + pedido.totalPedido().toPlainString() + ")");
        }
        if (temXml && dados.protocolo() == null && !DadosNotaFiscal.NFSE.equals(dados.modelo())) {
            avisos.add(SEM_PROTOCOLO);
        }
        if (dados.ambienteDeTeste()) {
            avisos.add(HOMOLOGACAO);
        }
        if (!temPdf) {
            avisos.add(SEM_PDF);
        }
        return avisos;
    }
}
