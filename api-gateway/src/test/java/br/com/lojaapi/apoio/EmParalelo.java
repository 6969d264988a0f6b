package br.com.lojaapi.apoio;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/** Runs n requests at the same moment (each on its own thread and connection, released by one latch). */
public final class EmParalelo {

    private EmParalelo() {
    }

    public static List<Resposta> executar(int vezes, IntFunction<Resposta> requisicao) throws Exception {
        CountDownLatch largada = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(vezes);
        try {
            List<Future<Resposta>> futuros = new ArrayList<>();
            for (int i = 0; i < vezes; i++) {
                int indice = i;
                futuros.add(threads.submit(() -> {
                    largada.await();
                    return requisicao.apply(indice);
                }));
            }
            largada.countDown();
            List<Resposta> respostas = new ArrayList<>();
            for (Future<Resposta> futuro : futuros) {
                respostas.add(futuro.get());
            }
            return respostas;
        } finally {
            threads.shutdown();
        }
    }
}
