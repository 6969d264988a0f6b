package br.com.lojaapi.gateway.objetos;

import br.com.lojaapi.command.armazenamento.ArmazenamentoDeObjetos;
import io.minio.BucketExistsArgs;
import io.minio.MinioClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several nodes starting at once against one object store must all start: the ones that lose the race to create the
 * bucket take "it already exists" as success, here on the embedded store. What the store answers in each case is
 * command-side's {@code CriacaoDoBucketTest}.
 */
class CorridaPeloBucketTest {

    private static final String CHAVE = "chave-de-teste";
    private static final String SEGREDO = "segredo-de-teste-com-24-caracteres";

    @TempDir
    Path diretorio;

    @Test
    void criarUmBucketQueJaExisteNaoFalha() throws Exception {
        try (S3Embutido servidor = new S3Embutido(diretorio, CHAVE, SEGREDO);
             MinioClient cliente = cliente(servidor)) {
            ArmazenamentoDeObjetos.criarBucket(cliente, "loja");
            // What the losing node does: it saw no bucket, and someone created it before its own call.
            ArmazenamentoDeObjetos.criarBucket(cliente, "loja");

            assertThat(cliente.bucketExists(BucketExistsArgs.builder().bucket("loja").build())).isTrue();
        }
    }

    @Test
    void variosNosCriandoOMesmoBucketAoMesmoTempoTodosSobem() throws Exception {
        int nos = 8;
        try (S3Embutido servidor = new S3Embutido(diretorio, CHAVE, SEGREDO)) {
            CountDownLatch largada = new CountDownLatch(1);
            ExecutorService threads = Executors.newFixedThreadPool(nos);
            List<Future<ArmazenamentoDeObjetos>> futuros = new ArrayList<>();
            List<ArmazenamentoDeObjetos> armazenamentos = new ArrayList<>();
            try {
                for (int i = 0; i < nos; i++) {
                    futuros.add(threads.submit(() -> {
                        largada.await();
                        return ArmazenamentoDeObjetos.externo(servidor.endereco(), CHAVE, SEGREDO, "corrida",
                                "us-east-1");
                    }));
                }
                largada.countDown();
                for (Future<ArmazenamentoDeObjetos> futuro : futuros) {
                    armazenamentos.add(futuro.get(30, TimeUnit.SECONDS));
                }

                assertThat(armazenamentos).hasSize(nos).allMatch(ArmazenamentoDeObjetos::disponivel);
                armazenamentos.get(0).guardar("a", new byte[] {1}, "application/octet-stream");
                assertThat(armazenamentos.get(nos - 1).descrever("a")).isPresent();
            } finally {
                threads.shutdownNow();
                for (ArmazenamentoDeObjetos armazenamento : armazenamentos) {
                    armazenamento.close();
                }
            }
        }
    }

    private static MinioClient cliente(S3Embutido servidor) {
        return MinioClient.builder().endpoint(servidor.endereco()).region("us-east-1").credentials(CHAVE, SEGREDO)
                          .build();
    }
}
