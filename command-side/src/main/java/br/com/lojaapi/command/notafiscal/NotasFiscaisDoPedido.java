package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.command.anexo.AnexoEnviado;
import br.com.lojaapi.command.anexo.AnexosDoPedido;
import br.com.lojaapi.command.comum.PedidosVivos;
import br.com.lojaapi.coreapi.anexo.ResultadoDoAnexo;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.comum.VersaoEsperada;
import br.com.lojaapi.coreapi.notafiscal.ArquivoFiscal;
import br.com.lojaapi.coreapi.notafiscal.AtualizarNotaFiscalCommand;
import br.com.lojaapi.coreapi.notafiscal.CancelarNotaFiscalCommand;
import br.com.lojaapi.coreapi.notafiscal.ContextoDoPedido;
import br.com.lojaapi.coreapi.notafiscal.DadosNotaFiscal;
import br.com.lojaapi.coreapi.notafiscal.RegistrarNotaFiscalCommand;
import br.com.lojaapi.coreapi.notafiscal.RemoverNotaFiscalCommand;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * The tax invoices of orders. POST /pedidos/{id}/notas-fiscais after the files are read and stored: decides whether
 * a send creates, updates or cancels an invoice. The invoice's identity is locked (a transaction-level advisory
 * lock, so on every node) before it is looked up, and the order's count before a new invoice is linked, always in
 * that order: concurrent sends of one invoice link it once, and concurrent sends of different invoices never pass
 * the limit of an order.
 */
@Service
public class NotasFiscaisDoPedido extends AnexosDoPedido<NotaFiscalLookup> {

    private static final int MAXIMO_POR_PEDIDO = 20;

    NotasFiscaisDoPedido(CommandGateway comandos, NotaFiscalLookup notas, PedidosVivos pedidos) {
        super(comandos, pedidos, notas, MAXIMO_POR_PEDIDO, "O pedido já tem " + MAXIMO_POR_PEDIDO
                + " notas fiscais, o máximo; remova uma antes de vincular outra");
    }

    /**
     * One send. Exactly one of {@code leitura} (an XML was sent and read) and {@code chave} (metadata only, or a
     * PDF for a known key) is set; {@code numero} and {@code serie}, when sent with a bare key, must be the key's.
     */
    public record NotaRecebida(String lojaId, String pedidoId, String novoNotaId, ContextoDoPedido contexto,
                               LeituraFiscal leitura, String chave, String numero, String serie, ArquivoFiscal xml,
                               ArquivoFiscal pdf, Instant agora) {
    }

    @Transactional
    public AnexoEnviado enviar(NotaRecebida envio) {
        return new AnexoEnviado(registrarOuAtualizar(envio), null);
    }

    private ResultadoDoAnexo registrarOuAtualizar(NotaRecebida envio) {
        if (envio.leitura() instanceof LeituraFiscal.Cancelamento cancelamento) {
            return cancelar(envio, cancelamento);
        }
        LeituraFiscal.Nota nota = envio.leitura() instanceof LeituraFiscal.Nota lida ? lida : null;
        DadosNotaFiscal dados = nota != null ? nota.dados()
                : dadosDaChave(envio.chave(), envio.numero(), envio.serie());
        travar(envio.lojaId(), dados.identidade());
        Optional<NotaFiscalLookup.Vinculo> existente = lookup.porIdentidade(envio.lojaId(), dados.identidade());
        OffsetDateTime canceladaEm = nota != null ? nota.canceladaEm() : null;
        if (existente.isPresent()) {
            exigirDoPedido(existente.get(), envio.pedidoId(), dados);
            return comandos.sendAndWait(new AtualizarNotaFiscalCommand(existente.get().notaId(), envio.lojaId(),
                    envio.pedidoId(), envio.contexto(), nota == null ? null : dados, envio.xml(), envio.pdf(),
                    canceladaEm, envio.agora()));
        }
        exigirPedido(envio.lojaId(), envio.pedidoId());
        exigirVaga(envio.lojaId(), envio.pedidoId());
        return comandos.sendAndWait(new RegistrarNotaFiscalCommand(envio.novoNotaId(), envio.lojaId(),
                envio.pedidoId(), envio.contexto(), dados, envio.xml(), envio.pdf(), canceladaEm, ORIGEM_API,
                envio.agora()));
    }

    /** Under the invoice's identity lock, so a send of the same invoice either sees it or not, never half. */
    @Override
    protected void travarParaRemover(String lojaId, String pedidoId, String notaId) {
        lookup.identidadeDe(lojaId, notaId).ifPresent(identidade -> travar(lojaId, identidade));
    }

    @Override
    protected Object remocao(String notaId, String lojaId, String pedidoId, Instant agora, VersaoEsperada esperada) {
        return new RemoverNotaFiscalCommand(notaId, lojaId, pedidoId, agora, esperada);
    }

    /** Classified before anything else: a cancellation of a key never sent here is a 404. */
    private ResultadoDoAnexo cancelar(NotaRecebida envio, LeituraFiscal.Cancelamento c) {
        travar(envio.lojaId(), c.chave());
        NotaFiscalLookup.Vinculo vinculo = lookup.porIdentidade(envio.lojaId(), c.chave()).orElseThrow(() ->
                ErroDeNegocio.naoEncontrado("Cancelamento de uma nota que não foi enviada: nenhuma nota da loja tem "
                        + "a chave " + c.chave()));
        exigirDoPedido(vinculo, envio.pedidoId(), null);
        return comandos.sendAndWait(new CancelarNotaFiscalCommand(vinculo.notaId(), envio.lojaId(), envio.pedidoId(),
                c.tipoEvento(), c.protocolo(), c.canceladaEm(), envio.xml(), envio.agora()));
    }

    private void travar(String lojaId, String identidade) {
        lookup.travar("nota-fiscal:" + lojaId + ":" + identidade);
    }

    private static void exigirDoPedido(NotaFiscalLookup.Vinculo vinculo, String pedidoId, DadosNotaFiscal dados) {
        if (!vinculo.pedidoId().equals(pedidoId)) {
            String qual = dados == null || dados.chave() != null
                    ? "A chave de acesso desta nota" : "Esta NFS-e (prestador, número e código de verificação)";
            throw ErroDeNegocio.conflito(qual + " já está vinculada a outro pedido da loja (" + vinculo.pedidoId()
                    + ")");
        }
    }

    /**
     * Metadata-only registration: what the key says (model, series, number, issuer) and nothing else. A number or
     * series sent with it must be the key's.
     */
    public static DadosNotaFiscal dadosDaChave(String chave, String numero, String serie) {
        if (chave == null) {
            throw ErroDeNegocio.invalido("Envie o XML da nota (xml ou xmlBase64) ou, sem XML, a chave de acesso "
                    + "(chave)");
        }
        LeitorFiscal.exigirChave(chave);
        String modelo = ChaveDeAcesso.modelo(chave);
        if (!"55".equals(modelo) && !"65".equals(modelo)) {
            throw ErroDeNegocio.invalido("Chave de acesso de modelo " + modelo + ": só NF-e (55) e NFC-e (65)");
        }
        if (numero != null && !numero.replaceFirst("^0+(?=.)", "").equals(ChaveDeAcesso.numero(chave))) {
            throw ErroDeNegocio.invalido("numero " + numero + " difere do número da chave de acesso ("
                    + ChaveDeAcesso.numero(chave) + ")");
        }
        if (serie != null && !serie.replaceFirst("^0+(?=.)", "").equals(ChaveDeAcesso.serie(chave))) {
            throw ErroDeNegocio.invalido("serie " + serie + " difere da série da chave de acesso ("
                    + ChaveDeAcesso.serie(chave) + ")");
        }
        return new DadosNotaFiscal(modelo, chave, ChaveDeAcesso.numero(chave), ChaveDeAcesso.serie(chave), null, null,
                null, chave.substring(6, 20), null, null, false);
    }
}
