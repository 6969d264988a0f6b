package br.com.lojaapi.command.entrega;

import br.com.lojaapi.command.comum.PoliticaDeRede;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The asynchronous client against a raw-socket receiver that controls its connections: a kept-alive connection is
 * reused, and one the receiver closes without answering is retried once, at once, only when it was a reused one.
 */
class ClienteHttpDeWebhooksTest {

    private final ScheduledExecutorService relogio = Executors.newSingleThreadScheduledExecutor();
    private final ClienteHttpDeWebhooks cliente = new ClienteHttpDeWebhooks(new PoliticaDeRede(true, false),
            Duration.ofSeconds(5), 10, 10, relogio);
    private Receptor receptor;

    @AfterEach
    void fechar() throws IOException {
        cliente.close();
        relogio.shutdownNow();
        if (receptor != null) {
            receptor.close();
        }
    }

    @Test
    void conexaoReaproveitadaQueOReceptorFechouSemResponderERepetidaUmaVezNaHora() throws Exception {
        // Connection 1 answers its first request and then closes on the second without a byte of answer (a
        // receiver that dropped an idle kept-alive connection); connection 2 answers.
        receptor = new Receptor((conexao, pedido) -> !(conexao == 1 && pedido == 2));
        var primeira = postar();
        assertThat(primeira.status()).isEqualTo(200);
        assertThat(primeira.repetida()).isFalse();

        var segunda = postar();

        assertThat(segunda.status()).isEqualTo(200);
        assertThat(segunda.repetida()).isTrue();
        assertThat(receptor.conexoes.get()).isEqualTo(2);
        assertThat(receptor.pedidos).containsExactly("1/1", "1/2", "2/1");
    }

    @Test
    void conexaoNovaQueOReceptorFechouSemResponderNaoERepetida() throws Exception {
        receptor = new Receptor((conexao, pedido) -> conexao != 1);

        var resposta = postar();

        assertThat(resposta.status()).isNull();
        assertThat(resposta.falha()).isNotNull();
        assertThat(resposta.repetida()).isFalse();
        assertThat(receptor.pedidos).containsExactly("1/1");
    }

    @Test
    void conexaoMantidaEReaproveitadaEntreChamadas() throws Exception {
        receptor = new Receptor((conexao, pedido) -> true);
        for (int i = 0; i < 5; i++) {
            assertThat(postar().status()).isEqualTo(200);
        }
        assertThat(receptor.conexoes.get()).isEqualTo(1);
        assertThat(receptor.pedidos).hasSize(5);
    }

    /**
     * One call, and then until its connection, if kept alive, is back in the pool: the next call is the one that
     * finds it there (a call's future completes a moment before its connection is released).
     */
    private ClienteHttpDeWebhooks.Resposta postar() throws Exception {
        ClienteHttpDeWebhooks.Resposta resposta = cliente.postar("http://127.0.0.1:" + receptor.porta() + "/x",
                Map.of("webhook-id", "e1"), "{}".getBytes(StandardCharsets.UTF_8)).get(10, TimeUnit.SECONDS);
        if (resposta.status() != null) {
            long fim = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (cliente.conexoesOciosas() == 0 && System.nanoTime() < fim) {
                Thread.onSpinWait();
            }
            assertThat(cliente.conexoesOciosas()).as("a conexão mantida volta ao pool").isEqualTo(1);
        }
        return resposta;
    }

    /** Says, for the n-th request on the c-th connection, whether it is answered (false: the socket is closed). */
    private interface Regra {
        boolean responder(int conexao, int pedido);
    }

    /** An HTTP/1.1 receiver on raw sockets: answers 200 with keep-alive, or closes, as the rule says. */
    private static final class Receptor implements AutoCloseable {

        final AtomicInteger conexoes = new AtomicInteger();
        final List<String> pedidos = new CopyOnWriteArrayList<>();
        private final ServerSocket servidor;

        Receptor(Regra regra) throws IOException {
            servidor = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread aceitar = new Thread(() -> {
                while (!servidor.isClosed()) {
                    try {
                        Socket socket = servidor.accept();
                        int conexao = conexoes.incrementAndGet();
                        Thread atender = new Thread(() -> atender(socket, conexao, regra));
                        atender.setDaemon(true);
                        atender.start();
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            aceitar.setDaemon(true);
            aceitar.start();
        }

        int porta() {
            return servidor.getLocalPort();
        }

        private void atender(Socket socket, int conexao, Regra regra) {
            try (socket) {
                InputStream entrada = socket.getInputStream();
                OutputStream saida = socket.getOutputStream();
                for (int pedido = 1; ; pedido++) {
                    if (!lerPedido(entrada)) {
                        return;
                    }
                    pedidos.add(conexao + "/" + pedido);
                    if (!regra.responder(conexao, pedido)) {
                        socket.setSoLinger(true, 0);
                        return;
                    }
                    saida.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Type: text/plain\r\n\r\nok"
                            .getBytes(StandardCharsets.US_ASCII));
                    saida.flush();
                }
            } catch (IOException e) {
                // the client went away
            }
        }

        /** Reads one request (headers and a Content-Length body); false at the end of the stream. */
        private static boolean lerPedido(InputStream entrada) throws IOException {
            ByteArrayOutputStream cabecalho = new ByteArrayOutputStream();
            int b;
            while ((b = entrada.read()) != -1) {
                cabecalho.write(b);
                byte[] lidos = cabecalho.toByteArray();
                int n = lidos.length;
                if (n >= 4 && lidos[n - 4] == '\r' && lidos[n - 3] == '\n' && lidos[n - 2] == '\r'
                    && lidos[n - 1] == '\n') {
                    String texto = cabecalho.toString(StandardCharsets.US_ASCII).toLowerCase();
                    int i = texto.indexOf("content-length:");
                    int tamanho = i < 0 ? 0
                            : Integer.parseInt(texto.substring(i + 15, texto.indexOf('\r', i)).trim());
                    entrada.readNBytes(tamanho);
                    return true;
                }
            }
            return false;
        }

        @Override
        public void close() throws IOException {
            servidor.close();
        }
    }
}
