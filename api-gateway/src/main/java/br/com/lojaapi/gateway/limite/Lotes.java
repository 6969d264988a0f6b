package br.com.lojaapi.gateway.limite;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs the requests that share a key in batches, one batch at a time per key: the first request runs alone at once,
 * and those that arrive while a batch runs wait and go together in the next, led by the first of them. So however
 * many threads ask with one key, this node has at most one call of {@code executor} in flight for it, and a request
 * never waits for more than the batch in flight and its own.
 *
 * @param <K> the key (a token's hash)
 * @param <P> a request
 * @param <R> a request's answer
 */
final class Lotes<K, P, R> {

    /** Answers a batch: one answer per request, in the batch's order. */
    @FunctionalInterface
    interface Executor<K, P, R> {
        List<R> executar(K chave, List<P> pedidos);
    }

    private sealed interface Sinal<P, R> permits Resposta, Vez {
    }

    private record Resposta<P, R>(R valor) implements Sinal<P, R> {
    }

    /** It is this request's turn to run {@code lote}, itself first. */
    private record Vez<P, R>(List<Pedido<P, R>> lote) implements Sinal<P, R> {
    }

    private record Pedido<P, R>(P valor, CompletableFuture<Sinal<P, R>> sinal) {
    }

    private final Executor<K, P, R> executor;
    /** A key is present while a batch of it runs; its value holds the requests waiting for the next batch. */
    private final ConcurrentHashMap<K, List<Pedido<P, R>>> emCurso = new ConcurrentHashMap<>();

    Lotes(Executor<K, P, R> executor) {
        this.executor = executor;
    }

    R executar(K chave, P valor) {
        Pedido<P, R> pedido = new Pedido<>(valor, new CompletableFuture<>());
        boolean[] primeiro = {false};
        emCurso.compute(chave, (k, esperando) -> {
            if (esperando == null) {
                primeiro[0] = true;
                return new ArrayList<>();
            }
            esperando.add(pedido);
            return esperando;
        });
        List<Pedido<P, R>> lote;
        if (primeiro[0]) {
            lote = List.of(pedido);
        } else {
            Sinal<P, R> sinal = aguardar(pedido);
            if (sinal instanceof Resposta<P, R> resposta) {
                return resposta.valor();
            }
            lote = ((Vez<P, R>) sinal).lote();
        }
        try {
            List<R> respostas = executor.executar(chave, lote.stream().map(Pedido::valor).toList());
            for (int i = 1; i < lote.size(); i++) {
                lote.get(i).sinal().complete(new Resposta<>(respostas.get(i)));
            }
            return respostas.get(0);
        } catch (RuntimeException | Error e) {
            for (int i = 1; i < lote.size(); i++) {
                lote.get(i).sinal().completeExceptionally(e);
            }
            throw e;
        } finally {
            passarAVez(chave);
        }
    }

    /** Requests waiting for a turn with {@code chave} (for tests). */
    int esperando(K chave) {
        List<Pedido<P, R>> esperando = emCurso.get(chave);
        return esperando == null ? 0 : esperando.size();
    }

    private void passarAVez(K chave) {
        List<Pedido<P, R>> proximo = new ArrayList<>();
        emCurso.compute(chave, (k, esperando) -> {
            if (esperando == null || esperando.isEmpty()) {
                return null;
            }
            proximo.addAll(esperando);
            return new ArrayList<>();
        });
        if (!proximo.isEmpty()) {
            proximo.get(0).sinal().complete(new Vez<>(List.copyOf(proximo)));
        }
    }

    /** The request's signal; a batch's failure is thrown as it was thrown to the batch's leader. */
    private static <P, R> Sinal<P, R> aguardar(Pedido<P, R> pedido) {
        try {
            return pedido.sinal().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException falha) {
                throw falha;
            }
            if (e.getCause() instanceof Error erro) {
                throw erro;
            }
            throw e;
        }
    }
}
