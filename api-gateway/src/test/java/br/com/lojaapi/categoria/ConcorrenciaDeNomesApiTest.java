package br.com.lojaapi.categoria;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

class ConcorrenciaDeNomesApiTest extends TesteDeApi {

    @Test
    void vinteCriacoesSimultaneasDoMesmoNomeDaoExatamenteUm201() throws Exception {
        LojaDeTeste loja = novaLoja();
        String[] grafias = {"Hortifruti", "HORTIFRUTI", "hortifruti", "HortiFruti"};
        CountDownLatch largada = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(20);
        List<Future<Resposta>> respostas = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            String nome = grafias[i % grafias.length];
            ClienteHttp cliente = new ClienteHttp(porta);
            respostas.add(threads.submit(() -> {
                largada.await();
                return cliente.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"" + nome + "\"}").enviar();
            }));
        }
        largada.countDown();

        List<Integer> status = new ArrayList<>();
        for (Future<Resposta> resposta : respostas) {
            Resposta r = resposta.get();
            status.add(r.status());
            if (r.status() == 400) {
                assertThat(r.texto("erro")).startsWith("Já existe uma categoria chamada");
            }
        }
        threads.shutdown();

        assertThat(status).filteredOn(s -> s == 201).hasSize(1);
        assertThat(status).filteredOn(s -> s == 400).hasSize(19);
        Resposta lista = api.get("/v1/categorias").token(loja.token()).enviar();
        assertThat(lista.json()).hasSize(1);
        assertThat(lista.json().get(0).get("nome").asText().toLowerCase(Locale.ROOT)).isEqualTo("hortifruti");
    }
}
