package br.com.lojaapi.apoio;

import br.com.lojaapi.gateway.banco.UrlDoBanco;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Holds one of the command side's advisory locks (the ones it takes with {@code pg_advisory_xact_lock}) in an open
 * transaction of its own, so that a request that needs it waits, on any node, until {@link #close()}: a request
 * made reliably slow without sleeping. Keep it short, and always close it.
 */
public final class TravaConsultiva implements AutoCloseable {

    private final Connection conexao;

    private TravaConsultiva(String nome) {
        UrlDoBanco url = BancoDeTestes.url();
        try {
            conexao = DriverManager.getConnection(url.jdbcUrl(), url.usuario(), url.senha());
            conexao.setAutoCommit(false);
            try (PreparedStatement trava = conexao.prepareStatement(
                    "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))")) {
                trava.setString(1, nome);
                trava.executeQuery().close();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("não foi possível travar " + nome, e);
        }
    }

    /** The lock every change of the product's stock takes (orders, movements, cancellations). */
    public static TravaConsultiva doEstoque(String produtoId) {
        return new TravaConsultiva("produto-estoque:" + produtoId);
    }

    /** The lock of an order's status and lines (PATCH, edits). */
    public static TravaConsultiva doPedido(String pedidoId) {
        return new TravaConsultiva("pedido:" + pedidoId);
    }

    /** The lock a new invoice or label of the order takes. */
    public static TravaConsultiva dosAnexos(String lojaId, String pedidoId) {
        return new TravaConsultiva("pedido-anexos:" + lojaId + ":" + pedidoId);
    }

    /**
     * Sends the requests at the same moment while this lock is held, and releases it once the first has answered:
     * a request that needs the lock cannot answer before that. Returns the answers in the order they came.
     */
    @SafeVarargs
    public final List<Resposta> enviarAoMesmoTempo(Supplier<Resposta>... requisicoes) throws Exception {
        CountDownLatch largada = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(requisicoes.length);
        try {
            ExecutorCompletionService<Resposta> respostas = new ExecutorCompletionService<>(threads);
            for (Supplier<Resposta> requisicao : requisicoes) {
                respostas.submit(() -> {
                    largada.await();
                    return requisicao.get();
                });
            }
            largada.countDown();
            List<Resposta> emOrdem = new ArrayList<>();
            Future<Resposta> primeira = respostas.poll(30, TimeUnit.SECONDS);
            close();
            if (primeira == null) {
                throw new AssertionError("nenhuma requisição respondeu com a trava presa");
            }
            emOrdem.add(primeira.get());
            for (int i = 1; i < requisicoes.length; i++) {
                emOrdem.add(respostas.take().get());
            }
            return emOrdem;
        } finally {
            close();
            threads.shutdown();
        }
    }

    /** Releases the lock; closing again does nothing. */
    @Override
    public void close() {
        try {
            if (conexao.isClosed()) {
                return;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        try (conexao) {
            conexao.rollback();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
