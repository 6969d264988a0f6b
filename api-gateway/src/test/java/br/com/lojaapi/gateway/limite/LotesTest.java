package br.com.lojaapi.gateway.limite;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LotesTest {

    private static final int PEDIDOS = 16;

    @Test
    void pedidosQueChegamDuranteUmLoteVaoTodosJuntosNoSeguinteENuncaDoisAoMesmoTempo() throws Exception {
        CountDownLatch primeiroEmCurso = new CountDownLatch(1);
        CountDownLatch liberar = new CountDownLatch(1);
        AtomicInteger emVoo = new AtomicInteger();
        AtomicInteger maximoEmVoo = new AtomicInteger();
        List<List<Integer>> lotesVistos = Collections.synchronizedList(new ArrayList<>());
        Lotes<String, Integer, Integer> lotes = new Lotes<>((chave, pedidos) -> {
            maximoEmVoo.accumulateAndGet(emVoo.incrementAndGet(), Math::max);
            lotesVistos.add(pedidos);
            if (pedidos.contains(0)) {
                primeiroEmCurso.countDown();
                aguardar(liberar);
            }
            emVoo.decrementAndGet();
            return pedidos.stream().map(p -> p * 10).toList();
        });
        ExecutorService threads = Executors.newFixedThreadPool(PEDIDOS);
        try {
            Future<Integer> primeiro = threads.submit(() -> lotes.executar("t", 0));
            primeiroEmCurso.await();
            List<Future<Integer>> outros = new ArrayList<>();
            for (int i = 1; i < PEDIDOS; i++) {
                int pedido = i;
                outros.add(threads.submit(() -> lotes.executar("t", pedido)));
            }
            while (lotes.esperando("t") < PEDIDOS - 1) {
                Thread.onSpinWait();
            }
            liberar.countDown();

            assertThat(primeiro.get()).isZero();
            for (int i = 1; i < PEDIDOS; i++) {
                assertThat(outros.get(i - 1).get()).isEqualTo(i * 10);
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(lotesVistos).hasSize(2);
        assertThat(lotesVistos.get(1)).hasSize(PEDIDOS - 1);
        assertThat(maximoEmVoo.get()).isEqualTo(1);
        assertThat(lotes.esperando("t")).isZero();
    }

    @Test
    void chavesDiferentesNaoEsperamUmaPelaOutra() throws Exception {
        CountDownLatch liberar = new CountDownLatch(1);
        Lotes<String, Integer, Integer> lotes = new Lotes<>((chave, pedidos) -> {
            if (chave.equals("lenta")) {
                aguardar(liberar);
            }
            return pedidos;
        });
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<Integer> lenta = threads.submit(() -> lotes.executar("lenta", 1));
            assertThat(threads.submit(() -> lotes.executar("outra", 2)).get()).isEqualTo(2);
            liberar.countDown();
            assertThat(lenta.get()).isEqualTo(1);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void falhaDeUmLoteChegaATodosOsSeusPedidosEOProximoLoteSegue() throws Exception {
        CountDownLatch primeiroEmCurso = new CountDownLatch(1);
        CountDownLatch liberar = new CountDownLatch(1);
        AtomicInteger chamadas = new AtomicInteger();
        Lotes<String, Integer, Integer> lotes = new Lotes<>((chave, pedidos) -> {
            int chamada = chamadas.incrementAndGet();
            if (chamada == 1) {
                primeiroEmCurso.countDown();
                aguardar(liberar);
                return pedidos;
            }
            if (chamada == 2) {
                throw new IllegalStateException("banco fora");
            }
            return pedidos;
        });
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            Future<Integer> primeiro = threads.submit(() -> lotes.executar("t", 0));
            primeiroEmCurso.await();
            Future<Integer> a = threads.submit(() -> lotes.executar("t", 1));
            Future<Integer> b = threads.submit(() -> lotes.executar("t", 2));
            while (lotes.esperando("t") < 2) {
                Thread.onSpinWait();
            }
            liberar.countDown();

            assertThat(primeiro.get()).isZero();
            for (Future<Integer> falho : List.of(a, b)) {
                assertThatThrownBy(falho::get).hasRootCauseInstanceOf(IllegalStateException.class)
                                              .hasRootCauseMessage("banco fora");
            }
            assertThat(threads.submit(() -> lotes.executar("t", 3)).get()).isEqualTo(3);
        } finally {
            threads.shutdownNow();
        }
    }

    private static void aguardar(CountDownLatch trava) {
        try {
            trava.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
