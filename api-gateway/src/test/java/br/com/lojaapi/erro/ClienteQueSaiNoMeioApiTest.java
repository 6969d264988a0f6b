package br.com.lojaapi.erro;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.command.notafiscal.XmlsFiscais;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A client that closes its connection while the answer is being written (a load tester stopping, a browser tab
 * closed, a timeout on its side) is not an error of the service: nothing above DEBUG is logged, no stack trace, and
 * no error body is attempted. The requests are real ones on a raw socket, torn down with a reset once the answer
 * has started, over answers far larger than what the sockets buffer: a page of 100 large products and a 5 MiB file.
 */
@ExtendWith(OutputCaptureExtension.class)
class ClienteQueSaiNoMeioApiTest extends TesteDeApi {

    private static final int VEZES = 3;

    @Autowired
    private MeterRegistry metricas;

    @Test
    void clienteQueFechaAConexaoNoMeioDaRespostaNaoEErroEOServicoSegueRespondendo(CapturedOutput saida)
            throws Exception {
        LojaDeTeste loja = novaLoja();
        List<String> produtos = new ArrayList<>();
        String descricao = "Descrição longa de um produto de teste. ".repeat(130).substring(0, 4900);
        for (int i = 1; i <= 100; i++) {
            produtos.add("{\"codIntegracao\":" + i + ",\"nome\":\"Produto " + i + "\",\"preco\":10,\"descricao\":\""
                         + descricao + "\"}");
        }
        Resposta lote = api.post("/v1/produtos/lote").token(loja.token())
                           .json("{\"produtos\":[" + String.join(",", produtos) + "]}").enviar();
        assertThat(lote.status()).as(lote.toString()).isEqualTo(200);
        String pedidoId = api.post("/v1/pedidos").token(loja.token()).json("{\"tipoEntrega\":\"BALCAO\",\"cliente\":"
                + "{\"nome\":\"Bia\"},\"itens\":[{\"produtoId\":\"" + api.get("/v1/produtos?limite=1")
                .token(loja.token()).enviar().json().at("/produtos/0/id").asText() + "\",\"quantidade\":1}]}")
                             .enviar().texto("id");
        Resposta etiqueta = api.post("/v1/pedidos/" + pedidoId + "/etiquetas?codigoRastreio=BR9").token(loja.token())
                               .corpo("application/pdf", XmlsFiscais.pdfDeTamanho(5 * 1024 * 1024)).enviar();
        assertThat(etiqueta.status()).as(etiqueta.toString()).isEqualTo(201);

        String lista = "/v1/produtos?limite=100";
        String arquivo = "/v1/pedidos/" + pedidoId + "/etiquetas/" + etiqueta.texto("id") + "?arquivo=1";
        long listas = concluidas("/v1/produtos");
        long arquivos = concluidas("/v1/pedidos/{pedidoId}/etiquetas/{etiquetaId}");
        int antes = saida.getAll().length();

        for (int i = 0; i < VEZES; i++) {
            abandonarNoMeio(lista, loja.token());
            abandonarNoMeio(arquivo, loja.token());
        }
        // Each abandoned request is over, exception handling and logging included, once its timing is recorded.
        aguardar(() -> concluidas("/v1/produtos") >= listas + VEZES
                       && concluidas("/v1/pedidos/{pedidoId}/etiquetas/{etiquetaId}") >= arquivos + VEZES);

        String log = saida.getAll().substring(antes);
        // Tomcat's request threads ("http-nio-...-exec-N", cut to "-exec-N" by the pattern) served only these
        // requests meanwhile; other threads may still be finishing earlier tests' work, so they are not judged.
        assertThat(log.lines().filter(linha -> linha.contains("-exec-"))
                      .filter(linha -> linha.contains(" ERROR ") || linha.contains(" WARN ")))
                .as("ERROR ou WARN das threads de requisição depois dos clientes que saíram no meio").isEmpty();
        assertThat(log).doesNotContain("Erro inesperado", "ClientAbortException", "AsyncRequestNotUsable",
                "HttpMessageNotWritable", "Broken pipe", "Connection reset", "ExceptionHandler");
        Resposta depois = api.get(lista).token(loja.token()).enviar();
        assertThat(depois.status()).as(depois.toString()).isEqualTo(200);
        assertThat(depois.json().get("produtos")).hasSize(100);
    }

    /**
     * Sends the request, reads until the status line has arrived (so the service is writing the answer), and
     * closes with a reset (SO_LINGER 0), leaving megabytes unread.
     */
    private void abandonarNoMeio(String caminho, String token) throws Exception {
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(4096);
            socket.connect(new java.net.InetSocketAddress("127.0.0.1", porta), 5000);
            socket.setSoTimeout(20_000);
            OutputStream saida = socket.getOutputStream();
            saida.write(("GET " + caminho + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + token
                         + "\r\nAccept: */*\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            saida.flush();
            InputStream entrada = socket.getInputStream();
            byte[] inicio = entrada.readNBytes(12);
            assertThat(new String(inicio, StandardCharsets.US_ASCII)).as(caminho).isEqualTo("HTTP/1.1 200");
            socket.setSoLinger(true, 0);
        }
    }

    private long concluidas(String uri) {
        return metricas.find("http.server.requests").tag("uri", uri).timers().stream().mapToLong(Timer::count).sum();
    }

    private static void aguardar(java.util.function.BooleanSupplier condicao) throws InterruptedException {
        Instant limite = Instant.now().plus(Duration.ofSeconds(60));
        while (!condicao.getAsBoolean()) {
            if (Instant.now().isAfter(limite)) {
                fail("as requisições abandonadas não terminaram em 60 s");
            }
            Thread.sleep(50);
        }
    }
}
