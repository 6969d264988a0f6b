package br.com.lojaapi.sincronia;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.SegundoNo;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sync is fresh and exact across nodes: a change written on one node is listed by the other as soon as the write
 * answered, unless a write that took an earlier place in the event store is still open, which holds it back until
 * it ends (committed: listed first; rolled back: no longer holding anything).
 * <p>
 * The bound of 1 s is the requirement itself (p99 between a write's response and its listing on another node). A
 * poll here takes a few milliseconds and, with nothing pending below the change, the first poll after the response
 * lists it; the bound leaves room for a loaded machine, and nothing is retried on a miss. With the horizon of the
 * previous version (now minus 10 s, SYNC_SAFETY_MARGIN) nothing was listed before 10 s.
 */
class SincroniaEntreNosApiTest extends TesteDeApi {

    private static final Duration FRESCOR = Duration.ofSeconds(1);
    private static final Duration PRAZO = Duration.ofSeconds(30);
    /** While another write is held open, how long the reader checks that it lists nothing past it. */
    private static final Duration SEGURANDO = Duration.ofSeconds(2);

    /** The first node's quotas: a poller here reads every few milliseconds. */
    @RegisterExtension
    static final SegundoNo outroNo = SegundoNo.semLimites();

    @Test
    void produtoPedidoEClienteEscritosNumNoAparecemNaSincroniaDoOutroEmUmSegundo() throws Exception {
        LojaDeTeste loja = novaLoja();
        ClienteHttp outro = outroNo.cliente();
        Sincronizador produtos = new Sincronizador(outro, loja.token(), "/v1/produtos", "produtos", 50);
        Sincronizador pedidos = new Sincronizador(outro, loja.token(), "/v1/pedidos", "pedidos", 50);
        Sincronizador clientes = new Sincronizador(outro, loja.token(), "/v1/clientes", "clientes", 50);
        produtos.lerTudo();
        pedidos.lerTudo();
        clientes.lerTudo();

        List<Long> atrasos = new ArrayList<>();
        for (int n = 0; n < 5; n++) {
            int i = n;
            Resposta produto = escrita(() -> api.post("/v1/produtos").token(loja.token())
                                                 .json("{\"nome\":\"Produto " + i + "\",\"preco\":10}").enviar(), 201);
            atrasos.add(atraso(produtos, produto));
            String produtoId = produto.texto("id");
            atrasos.add(atraso(produtos, escrita(() -> api.put("/v1/produtos/" + produtoId).token(loja.token())
                                                             .json("{\"preco\":11}").enviar(), 200)));
            Resposta pedido = escrita(() -> api.post("/v1/pedidos").token(loja.token()).json(
                    "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\""
                    + produtoId + "\",\"quantidade\":1}]}").enviar(), 201);
            atrasos.add(atraso(pedidos, pedido));
            atrasos.add(atraso(pedidos, escrita(() -> api.metodo("PATCH", "/v1/pedidos/" + pedido.texto("id"))
                    .token(loja.token()).json("{\"status\":\"CONFIRMADO\"}").enviar(), 200)));
            String cpf = SincroniaDePedidosEClientesApiTest.cpf(i);
            atrasos.add(atraso(clientes, escrita(() -> api.post("/v1/clientes").token(loja.token())
                    .json("{\"nome\":\"Cliente " + i + "\",\"documento\":\"" + cpf + "\"}").enviar(), 201)));
        }

        assertThat(atrasos).as("ms da resposta da escrita num nó até a sincronia do outro listá-la")
                           .allMatch(ms -> ms <= FRESCOR.toMillis());
        produtos.semRepeticaoEEmOrdem();
        pedidos.semRepeticaoEEmOrdem();
        clientes.semRepeticaoEEmOrdem();
        assertThat(produtos.ultimas()).hasSize(5).allSatisfy((id, versao) -> assertThat(versao).isEqualTo(1));
        assertThat(pedidos.ultimas()).hasSize(5).allSatisfy((id, versao) -> assertThat(versao).isEqualTo(1));
        assertThat(clientes.ultimas()).hasSize(5);
    }

    @Test
    void escritaAbertaNumNoSeguraASincroniaDoOutroEAparecePrimeiroQuandoConfirma() throws Exception {
        LojaDeTeste loja = novaLoja();
        String produto = api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"Café\",\"preco\":10}")
                            .enviar().texto("id");
        String a = pedido(loja, produto);
        String b = pedido(loja, produto);
        Sincronizador leitor = new Sincronizador(outroNo.cliente(), loja.token(), "/v1/pedidos", "pedidos", 10);
        leitor.ate(l -> l.viu(a, 0) && l.viu(b, 0), PRAZO);

        ExecutorService threads = Executors.newSingleThreadExecutor();
        Resposta confirmadoA;
        Resposta confirmadoB;
        try (EventoReservado trava = EventoReservado.de(a, 1, "Pedido")) {
            // A's change takes its place in the event store and waits; B's, after it, commits and is in the model
            Future<Resposta> confirmacaoDeA = threads.submit(() -> confirmar(loja, a));
            trava.esperarEscritaBloqueada(PRAZO);
            confirmadoB = confirmar(loja, b);
            assertThat(confirmadoB.status()).as(confirmadoB.toString()).isEqualTo(200);

            Instant ate = Instant.now().plus(SEGURANDO);
            while (Instant.now().isBefore(ate)) {
                leitor.lerTudo();
                assertThat(leitor.viu(b, 1)).as("o cursor não passa de uma escrita ainda aberta em outro nó")
                                            .isFalse();
                Thread.sleep(50);
            }
            assertThat(confirmacaoDeA.isDone()).isFalse();
            trava.desfazer();
            confirmadoA = confirmacaoDeA.get();
            assertThat(confirmadoA.status()).as(confirmadoA.toString()).isEqualTo(200);
        } finally {
            threads.shutdownNow();
        }

        Instant respondeu = Instant.now();
        leitor.ate(l -> l.viu(a, 1) && l.viu(b, 1), PRAZO);
        assertThat(Duration.between(respondeu, Instant.now())).isLessThanOrEqualTo(FRESCOR);
        assertThat(leitor.posicao(a, 1)).as("A, que tomou o lugar antes, vem antes de B")
                                        .isLessThan(leitor.posicao(b, 1));
        leitor.semRepeticaoEEmOrdem();
    }

    @Test
    void escritaDesfeitaDeixaDeSegurarASincronia() throws Exception {
        LojaDeTeste loja = novaLoja();
        Sincronizador leitor = new Sincronizador(outroNo.cliente(), loja.token(), "/v1/produtos", "produtos", 10);
        leitor.lerTudo();
        String id;
        try (EventoReservado lacuna = EventoReservado.qualquer()) {
            // a global index taken before the product's, by a transaction still open
            id = escrita(() -> api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"Chá\",\"preco\":7}")
                                  .enviar(), 201).texto("id");
            Instant ate = Instant.now().plus(SEGURANDO);
            while (Instant.now().isBefore(ate)) {
                leitor.lerTudo();
                assertThat(leitor.viu(id, 0)).as("uma escrita aberta antes segura a sincronia").isFalse();
                Thread.sleep(50);
            }
            // rolled back: that index will never hold an event, and must not hold anything back
            lacuna.desfazer();
        }
        Instant desfeita = Instant.now();
        leitor.ate(l -> l.viu(id, 0), PRAZO);
        assertThat(Duration.between(desfeita, Instant.now())).isLessThanOrEqualTo(FRESCOR);
    }

    private static Resposta escrita(Supplier<Resposta> requisicao, int status) {
        Resposta resposta = requisicao.get();
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(status);
        return resposta;
    }

    /** Milliseconds from now (just after the write answered) until the reader lists its id at its version. */
    private static long atraso(Sincronizador leitor, Resposta escrita) throws InterruptedException {
        long inicio = System.nanoTime();
        String id = escrita.texto("id");
        long versao = escrita.json().get("versao").asLong();
        long limite = inicio + PRAZO.toNanos();
        while (true) {
            leitor.lerTudo();
            if (leitor.viu(id, versao)) {
                return (System.nanoTime() - inicio) / 1_000_000;
            }
            assertThat(System.nanoTime()).as("sincronia não listou %s v%s", id, versao).isLessThan(limite);
            Thread.sleep(5);
        }
    }

    private Resposta confirmar(LojaDeTeste loja, String pedidoId) {
        return api.metodo("PATCH", "/v1/pedidos/" + pedidoId).token(loja.token())
                  .json("{\"status\":\"CONFIRMADO\"}").enviar();
    }

    private String pedido(LojaDeTeste loja, String produtoId) {
        return escrita(() -> api.post("/v1/pedidos").token(loja.token()).json("{\"tipoEntrega\":\"BALCAO\","
                + "\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\"" + produtoId + "\",\"quantidade\":1}]}")
                                .enviar(), 201).texto("id");
    }
}
