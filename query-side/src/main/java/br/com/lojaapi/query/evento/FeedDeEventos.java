package br.com.lojaapi.query.evento;

import br.com.lojaapi.coreapi.comum.ModeloLeitura;
import br.com.lojaapi.coreapi.produto.ProdutoAtualizadoEvent;
import br.com.lojaapi.query.comum.LeituraDaPropriaEscrita;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import java.sql.Timestamp;

/**
 * Writes the event feed ({@code evento_loja}): each event of a webhook kind with the body its webhook carries, as
 * the webhooks' renderer makes it ({@link RenderizacaoDeEventos}, which the application provides).
 * <p>
 * A position is handed out only while the writing transaction holds a transaction-scoped advisory lock, so
 * positions follow commit order and a reader at any moment sees a prefix of the feed. An event that commits after
 * later ones (a gap the streaming processor fills when it becomes visible) is written when it shows up, after
 * everything already written, so no client cursor ever passes it. The processor has one segment; if two nodes
 * run a batch at once (a claim stolen from a stalled node) the lock serialises them and the event id keeps one
 * row. Nothing is ever updated, and the processor is not a read model: it cannot be rebuilt, since a rebuild would
 * renumber cursors that clients hold. Its first start works through the whole event store (the history).
 */
@Component
@ProcessingGroup(GrupoDoFeed.NOME)
class FeedDeEventos {

    private static final Logger log = LoggerFactory.getLogger(FeedDeEventos.class);
    /** The advisory lock's name, hashed to its key as the command side's locks are. */
    private static final String TRAVA = "evento_loja:posicao";
    private static final Object TRAVADA_NESTA_TRANSACAO = new Object();

    private final RenderizacaoDeEventos renderizador;
    private final LeituraDaPropriaEscrita leitura;
    private final JdbcTemplate jdbc;

    FeedDeEventos(RenderizacaoDeEventos renderizador, LeituraDaPropriaEscrita leitura, JdbcTemplate jdbc) {
        this.renderizador = renderizador;
        this.leitura = leitura;
        this.jdbc = jdbc;
    }

    /** Every event passes here; those of no webhook kind render to nothing. */
    @EventHandler
    void on(Object evento, EventMessage<?> mensagem, TrackingToken token) {
        aguardarProduto(evento, mensagem);
        renderizador.de(mensagem).ifPresent(e -> registrar(e, token));
    }

    /**
     * A {@code produto.atualizado} shows the product as its GET does, read from produto-view. A webhook can go out
     * with what the read model has after a wait; the feed keeps its rows forever, so it waits until the read model
     * shows this change, and fails the batch (retried by the processor) rather than store an older body or take
     * a product not projected yet for a removed one. Past that wait, an absent product is a removed one (its
     * tombstone is at this version or later) and its {@code produto.removido} follows.
     */
    private void aguardarProduto(Object evento, EventMessage<?> mensagem) {
        if (evento instanceof ProdutoAtualizadoEvent produto && mensagem instanceof DomainEventMessage<?> doAgregado
                && !leitura.aguardarVersao(ModeloLeitura.PRODUTO, produto.lojaId(), produto.produtoId(),
                                           doAgregado.getSequenceNumber())) {
            throw new IllegalStateException("produto-view ainda não mostra a versão " + doAgregado.getSequenceNumber()
                    + " de " + produto.produtoId() + "; o lote do feed será repetido");
        }
    }

    private void registrar(EventoRenderizado evento, TrackingToken token) {
        var corpo = evento.renderizar();
        if (corpo.isEmpty()) {
            // as for webhooks: a product removed before its change was rendered; its produto.removido follows
            log.info("{} de {} fora do feed: o recurso já não existe", evento.tipo(), evento.id());
            return;
        }
        travarPosicoes();
        jdbc.update("""
                INSERT INTO evento_loja (posicao, id, loja_id, evento, criado_em, global_index, corpo)
                VALUES (nextval('evento_loja_posicao_seq'), ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO NOTHING""",
                evento.id(), evento.lojaId(), evento.tipo(), Timestamp.from(evento.criadoEm()),
                token.position().orElseThrow(), corpo.get());
    }

    /**
     * Held until this batch's transaction ends. Taken once per transaction; outside a transaction the lock would
     * end with the statement and order nothing, so that is refused.
     */
    private void travarPosicoes() {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalStateException("O feed de eventos só grava dentro da transação do lote");
        }
        if (TransactionSynchronizationManager.hasResource(TRAVADA_NESTA_TRANSACAO)) {
            return;
        }
        jdbc.queryForList("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", TRAVA);
        TransactionSynchronizationManager.bindResource(TRAVADA_NESTA_TRANSACAO, Boolean.TRUE);
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCompletion(int status) {
                TransactionSynchronizationManager.unbindResourceIfPossible(TRAVADA_NESTA_TRANSACAO);
            }
        });
    }
}
